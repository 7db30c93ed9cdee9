import { Buffer } from 'node:buffer';
import { createServer, type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Maybe } from '../src/http/handler.js';
import type { HttpRequest, HttpResponse } from '../src/http/message.js';
import { problem, problemResponse } from '../src/http/problem.js';
import { type AllowedHosts, hostAllowed, misdirected } from './allowed-hosts.js';
import type { TrustedFronts } from './forwarded-for.js';
import { defaultMaxBodyBytes } from './body-limit.js';
import { readIncoming } from './incoming-request.js';
import { writeResponse } from './outgoing-response.js';

/** The socket is closed without a response: what a lost response looks like to the client. */
export const dropResponse = Symbol('drop response');

/** A `Handler` that may also answer nothing at all: the whole of what a server here does. */
export type FrontHandler = (request: HttpRequest) => Maybe<HttpResponse | typeof dropResponse>;

/** What answers a request that asks to switch protocols (node's `upgrade` event): the socket is its own from here. */
export type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface FrontOptions {
  readonly maxBodyBytes?: number;
  /** Who answers protocol upgrades; without one, every upgrade gets 501 with `upgradeRefusalDetail`. */
  readonly upgrade?: UpgradeListener;
  /** What the 501 says to an upgrade nobody answers. */
  readonly upgradeRefusalDetail?: string;
  /** Where a failing handler is reported; stderr by default. */
  readonly log?: (line: string) => void;
  /** Told when the answer to a request the handler was given has been handed to the kernel. */
  readonly answered?: (request: HttpRequest) => void;
  /** Which `Host` values are answered; any when unset. Another gets 421, upgrades included, before its body is read. */
  readonly allowedHosts?: AllowedHosts;
  /** Whose `Forwarded` names the client (`forwarded-for.ts`); without it, the client is the socket's peer. */
  readonly fronts?: TrustedFronts;
}

/**
 * Request lines and header sections up to this size are read (node's default is 16 KiB): the graph
 * endpoint answers a GET URL over 16 KiB with its own 414, which it must get to see.
 */
const maxHeaderBytes = 32 * 1024;

/**
 * A node:http server around a `FrontHandler`. Everything between the socket and `HttpRequest` lives here and
 * in `readIncoming`/`writeResponse`, so the three servers (origin, cache, unstable line) differ only in
 * their handler. Whatever goes wrong answers with problem details: a malformed request with node's 4xx,
 * a `Host` not in `options.allowedHosts` with 421 (DNS rebinding, `allowed-hosts.ts`), an oversized body
 * with 413 (before `100 Continue` when the client waits for one), a throwing handler
 * with 500 (a bug, logged, never a crash), a protocol upgrade with 501 unless `options.upgrade` answers it,
 * CONNECT with 501, and an HTTP version other than 1.x with 505.
 */
export function httpFront(handler: FrontHandler, options: FrontOptions = {}): Server {
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  const log = options.log ?? ((line: string) => { console.error(line); });
  // A client sends the same `Host` on every request: the last one's verdict is kept, so the URL parser runs once.
  let lastHost: string | undefined;
  let lastHostAllowed = false;
  const misdirectedRequest = (req: IncomingMessage): HttpResponse | undefined => {
    const host = req.headers.host;
    if (options.allowedHosts === undefined) return undefined;
    if (host === undefined || host !== lastHost) {
      lastHostAllowed = hostAllowed(host, options.allowedHosts);
      lastHost = host;
    }
    return lastHostAllowed ? undefined : misdirected(host ?? '');
  };
  const server = createServer({ maxHeaderSize: maxHeaderBytes }, (req, res) => {
    void serve(req).then(
      (outcome) => {
        if (outcome.response === dropResponse) res.destroy();
        else {
          const { request } = outcome;
          if (request !== undefined && options.answered !== undefined) res.once('finish', () => options.answered?.(request));
          writeResponse(res, outcome.response, req.method ?? 'GET', { close: outcome.close });
        }
      },
      (error: unknown) => {
        // Reached only if writing itself failed, e.g. the client is gone.
        log(`${req.method ?? '?'} ${req.url ?? '?'}: could not answer: ${describe(error)}`);
        res.destroy();
      },
    );
  });

  /** `request` is there when the handler was given one. */
  async function serve(req: IncomingMessage): Promise<{ readonly response: HttpResponse | typeof dropResponse; readonly close: boolean; readonly request?: HttpRequest }> {
    const refusal = misdirectedRequest(req);
    if (refusal !== undefined) return { response: refusal, close: true };
    const incoming = await readIncoming(req, maxBodyBytes, options.fronts);
    if (!incoming.ok) return { response: incoming.response, close: incoming.closeConnection };
    const { request } = incoming;
    try {
      return { response: await handler(request), close: false, request };
    } catch (error) {
      log(`${request.method} ${request.path}: the handler threw: ${describe(error)}`);
      return { response: problemResponse(problem(500, 'internal-error', 'Internal Server Error', 'The server failed to answer this request; the failure is logged.')), close: false, request };
    }
  }

  // RFC 9110 §10.1.1: a request that will be refused is answered before the client sends its body.
  server.on('checkContinue', (req, res) => {
    const refusal = misdirectedRequest(req);
    if (refusal !== undefined) {
      writeResponse(res, refusal, req.method ?? 'POST', { close: true });
      return;
    }
    const declared = Number(req.headers['content-length']);
    if (declared > maxBodyBytes) {
      writeResponse(res, problemResponse(problem(413, 'body-too-large', 'Content Too Large',
        `The body has ${declared} bytes; at most ${maxBodyBytes} are accepted.`, { maxBytes: maxBodyBytes })), req.method ?? 'POST', { close: true });
      return;
    }
    res.writeContinue();
    server.emit('request', req, res);
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that is gone has nobody to read an answer (node's own advice for this event).
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, slug, detail] = clientErrorProblem(error);
    socket.end(rawResponse(problemResponse(problem(status, slug, STATUS_CODES[status] ?? 'Bad Request', detail))));
  });

  const refuseUpgrade: UpgradeListener = (_req, socket) => {
    socket.end(rawResponse(problemResponse(problem(501, 'upgrade-not-implemented', 'Not Implemented',
      options.upgradeRefusalDetail ?? 'Protocol upgrades are not served on this port.'))));
  };
  const upgrade = options.upgrade ?? refuseUpgrade;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = misdirectedRequest(req);
    if (refusal === undefined) upgrade(req, socket, head);
    else socket.end(rawResponse(refusal));
  });
  // node hands CONNECT to this event and, with no listener, closes the socket without a word. No server here
  // is a forward proxy, so no resource supports it: 501 (RFC 9110 §9.3.6, §15.6.2).
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.end(rawResponse(problemResponse(problem(501, 'method-not-implemented', 'Not Implemented',
      'CONNECT is not implemented: this server is not a proxy that opens tunnels.'))));
  });
  return server;
}

/**
 * What the proxies answer a WebSocket upgrade: subscriptions are the origin's, on its own port. The cache has
 * nothing to store in a socket, and the unstable line's one lost response per request has no meaning for a
 * stream of frames, so neither proxy relays upgrades (docs/decisions/server-and-storage.md).
 */
export function subscriptionsAtTheOrigin(originUrl?: string): string {
  const where = originUrl === undefined ? "on the origin's own port (the first URL npm start prints)" : `at ${originUrl.replace(/^http/, 'ws')}/graphql`;
  return `This proxy does not relay WebSocket upgrades: GraphQL subscriptions (graphql-ws) are served by the origin directly, ${where}.`;
}

/** node's own choice of status for a request it could not parse, with problem details instead of an empty body. */
function clientErrorProblem(error: NodeJS.ErrnoException): readonly [status: number, slug: string, detail: string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'header-fields-too-large', `The request line and header fields exceed ${maxHeaderBytes} bytes.`];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'request-timeout', 'The request did not arrive in time.'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'body-too-large', 'The chunk extensions are too large.'];
    case 'HPE_INVALID_VERSION': {
      // node's parser refuses major versions above 2 itself; a well-formed one is a version not spoken here.
      const version = /^[!-~]+ [!-~]+ HTTP\/(\d\.\d)\r?\n/.exec((error as { rawPacket?: Buffer }).rawPacket?.toString('latin1') ?? '')?.[1];
      if (version !== undefined) return [505, 'http-version-not-supported', `HTTP/${version} is not supported here; send HTTP/1.1.`];
      return [400, 'malformed-request', `The request line has no valid HTTP version (${error.message}).`];
    }
    default:
      return [400, 'malformed-request', `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}: ${error.message}).`];
  }
}

/** A whole HTTP/1.1 response as bytes, for a socket node:http no longer (or not yet) manages. */
export function rawResponse(message: HttpResponse): Buffer {
  const body = Buffer.from(message.body ?? '', 'utf8');
  const head = [`HTTP/1.1 ${message.status} ${STATUS_CODES[message.status] ?? ''}`];
  for (const [name, value] of Object.entries(message.headers)) head.push(`${name}: ${value}`);
  head.push(`content-length: ${body.length}`, 'connection: close', '', '');
  return Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), body]);
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
