import type { Buffer } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { maxClientMessageBytes } from '../src/graph/subscriptions/client-message.js';
import type { SocketPeer } from '../src/graph/subscriptions/connection.js';
import type { GraphSocket } from '../src/graph/subscriptions/graph-sockets.js';
import { graphqlTransportWs } from '../src/graph/subscriptions/protocol.js';
import type { Maybe } from '../src/http/handler.js';
import type { HttpRequest } from '../src/http/message.js';
import { problem, problemResponse } from '../src/http/problem.js';
import { isWebSocketUpgrade } from '../src/http/websocket-upgrade.js';
import type { SocketOpening } from '../src/origin-socket.js';
import { rawResponse, type UpgradeListener } from './http-front.js';
import { readUpgrade } from './incoming-request.js';
import { outgoingFlow, type OutgoingLimits } from './outgoing-flow.js';

/** The origin's door: `Origin.openSocket`. */
export type OpenSocket = (req: HttpRequest, peer: SocketPeer) => Maybe<SocketOpening>;

/** RFC 6455 §7.4.1: the server is going away; what every open socket hears when the server stops. */
const goingAway = 1001;

export interface SocketFrontOptions {
  /** How long a socket may stay open without `connection_init` before it is closed with 4408. */
  readonly connectionInitWaitMs?: number;
  /**
   * Every this often each socket gets a WebSocket ping (RFC 6455 §5.5.2); one that has not answered the
   * previous ping with a pong by then is cut, so a peer that vanished without a close does not hold a socket
   * and its subscriptions for ever.
   */
  readonly keepAliveMs?: number;
  /** When a socket is read no further, and when it is closed, for what it has not taken (`outgoing-flow.ts`). */
  readonly outgoingLimits?: OutgoingLimits;
}

/** graphql-ws's own server (`use/ws`) pings every 12 s. */
export const defaultKeepAliveMs = 12_000;

/** graphql-ws's own default for `connectionInitWaitTimeout`. */
export const defaultConnectionInitWaitMs = 3_000;

export interface SocketFront {
  /** node's `upgrade` listener for the origin's server. */
  readonly upgrade: UpgradeListener;
  /** Sockets open now. */
  readonly open: ReadonlySet<WebSocket>;
  /** Says 1001 to every open socket and resolves once each has closed (or `graceMs` has passed). */
  close(graceMs: number): Promise<void>;
}

/**
 * The origin's WebSocket door on a real socket: `ws` speaks the wire (handshake keys, framing, masking,
 * close frames) and the door decides. An upgrade is first the door's request (gate 1, rate limit, the
 * upgrade's own checks, audited), exactly as the simulator's origin node sends it; only a 101 is completed
 * by `ws`, with the subprotocol the door chose, and a refusal gets the door's status and problem details.
 * From then on each text frame goes to `socket.receive` and whatever the door sends its peer goes out as a
 * text frame. A handshake the door accepts but `ws` finds malformed (no valid `Sec-WebSocket-Key`, which
 * the simulator does not model) is refused with 400 and the door's socket is closed as if by the client.
 * A socket that has not sent `connection_init` within `connectionInitWaitMs` is closed with 4408, and one
 * that does not answer a ping by the next is cut (`keepAliveMs`). A socket whose peer does not take what it is
 * sent is read no further, then closed (`outgoingLimits`).
 */
export function socketFront(open: OpenSocket, log: (line: string) => void, options: SocketFrontOptions = {}): SocketFront {
  const initWaitMs = options.connectionInitWaitMs ?? defaultConnectionInitWaitMs;
  const keepAliveMs = options.keepAliveMs ?? defaultKeepAliveMs;
  // The door has checked the offer already; `ws` only needs the name to echo.
  const wss = new WebSocketServer({ noServer: true, handleProtocols: () => graphqlTransportWs,
    clientTracking: false,
    // The door's own limit: a larger frame is closed with 1009 by `ws` before it is buffered whole.
    maxPayload: maxClientMessageBytes,
  });
  const sockets = new Set<WebSocket>();
  const refuse = (socket: Duplex, status: number, slug: string, detail: string): void => {
    socket.end(rawResponse(problemResponse(problem(status, slug, status === 501 ? 'Not Implemented' : 'Bad Request', detail))));
  };

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const request = readUpgrade(req);
    if (request === undefined) {
      refuse(socket, 400, 'bad-request-target', `The request target ${JSON.stringify(req.url)} is neither a path nor an absolute http URL.`);
      return;
    }
    if (!isWebSocketUpgrade(request)) {
      refuse(socket, 501, 'upgrade-not-implemented', `Only WebSocket upgrades (to ${graphqlTransportWs} on /graphql) are served here.`);
      return;
    }
    // Frames the door sends before `ws` has the socket cannot exist (it sends after `receive` only), but
    // the peer is handed over first, so it must not assume a socket yet.
    let ws: WebSocket | undefined;
    let send: ((text: string) => void) | undefined;
    let initWait: NodeJS.Timeout | undefined;
    const peer: SocketPeer = {
      send: (text) => {
        if (ws !== undefined && ws.readyState === ws.OPEN) send?.(text);
      },
      close: (code, reason) => ws?.close(code, reason),
      // The wait is over once `connection_init` came: no timer is kept for a socket that has nothing to fear from it.
      initialised: () => clearTimeout(initWait),
    };
    const opened = (opening: SocketOpening): void => {
      const door = opening.socket;
      if (opening.response.status !== 101 || door === undefined) {
        socket.end(rawResponse(opening.response));
        return;
      }
      // `ws` checks the handshake and completes it synchronously (there is no `verifyClient`), so a refusal
      // or a socket it dropped is known once `handleUpgrade` returns.
      let refusal: Error | undefined;
      const onWsClientError = (error: Error): void => {
        refusal = error;
      };
      wss.on('wsClientError', onWsClientError);
      try {
        wss.handleUpgrade(req, socket, head, (accepted) => {
          ws = accepted;
          send = outgoingFlow(accepted, options.outgoingLimits);
          sockets.add(accepted);
          accepted.once('close', () => sockets.delete(accepted));
          serveFrames(accepted, door, log);
          // Real time is the transport's: the door only hears that the wait is over (src/ keeps no timer).
          initWait = setTimeout(() => door.initDeadlinePassed?.(), initWaitMs);
          const keepAlive = keepAlivePings(accepted, keepAliveMs);
          accepted.once('close', () => {
            clearTimeout(initWait);
            clearInterval(keepAlive);
          });
        });
      } finally {
        wss.off('wsClientError', onWsClientError);
      }
      if (ws !== undefined) return;
      door.closedByClient();
      if (refusal !== undefined) refuse(socket, 400, 'websocket-handshake', `The WebSocket handshake is malformed: ${refusal.message}.`);
    };
    try {
      const opening = open(request, peer);
      if (opening instanceof Promise) {
        opening.then(opened, (error: unknown) => {
          log(`upgrade ${request.path}: the door threw: ${String(error)}`);
          socket.destroy();
        });
      } else opened(opening);
    } catch (error) {
      log(`upgrade ${request.path}: the door threw: ${String(error)}`);
      socket.destroy();
    }
  };

  return {
    upgrade,
    open: sockets,
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        if (sockets.size === 0) {
          resolve();
          return;
        }
        const deadline = setTimeout(() => {
          for (const ws of sockets) ws.terminate();
        }, graceMs);
        deadline.unref();
        let left = sockets.size;
        for (const ws of sockets) {
          ws.once('close', () => {
            if (--left > 0) return;
            clearTimeout(deadline);
            resolve();
          });
          ws.close(goingAway, 'The server is stopping');
        }
      }),
  };
}

/**
 * Transport-level pings, as graphql-ws's own server sends them: the protocol's `ping`/`pong` messages are the
 * door's (it answers a client's `ping`); these are control frames that every WebSocket client answers by
 * itself, so they find a dead peer without asking anything of the application.
 */
function keepAlivePings(ws: WebSocket, everyMs: number): NodeJS.Timeout {
  let answered = true;
  ws.on('pong', () => (answered = true));
  return setInterval(() => {
    if (!answered) {
      // No close handshake with a peer that does not answer: `close` follows at once, and with it `closedByClient`.
      ws.terminate();
      return;
    }
    answered = false;
    ws.ping();
  }, everyMs);
}

/** Text frames in, the door's messages out; the client's close (or a lost connection) ends the door's socket. */
function serveFrames(ws: WebSocket, door: GraphSocket, log: (line: string) => void): void {
  ws.on('message', (data) => {
    // graphql-transport-ws messages are JSON text; like graphql-ws's own server, a binary frame is read as
    // UTF-8 and judged by the same parser (a malformed message closes with 4400).
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- `data` is a Buffer (or Buffer[]), whose toString is UTF-8
    const received = door.receive(String(data));
    if (received instanceof Promise) received.catch((error: unknown) => log(`socket frame: ${String(error)}`));
  });
  ws.once('close', () => door.closedByClient());
  // An error (e.g. an invalid frame) is followed by `close`; without a listener it would throw.
  ws.on('error', (error) => log(`socket error: ${error.message}`));
}
