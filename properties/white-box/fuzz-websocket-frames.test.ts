import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { SocketPeer } from '../../src/graph/subscriptions/connection.js';
import { doorOf, type DoorVariant } from './fuzz-socket-door.js';
import { judge } from './fuzz-socket-model.js';
import { type SocketSession, socketSession } from './fuzz-socket-sessions.js';
import { socketRun } from './fuzz-socket-run.js';
import { replayable } from './replay.js';

/**
 * apisim's graph socket against fuzzed frames (graphql-ws PROTOCOL.md; docs/decisions/subscriptions.md, "Subscriptions over
 * the simulated link"), a white-box check: it drives the origin's socket door directly and holds it to a
 * model of apisim's own protocol decisions. Whatever frames arrive after a valid upgrade (random text, JSON
 * of the wrong shape, unknown or server-only types, 64 KiB and more, payloads thousands deep, lone
 * surrogates; `subscribe` before `connection_init`, a second `connection_init`, duplicate ids, `complete` for
 * ids that never ran, ping and pong; documents that are invalid, too deep, too costly, forbidden, queries and
 * mutations; valid messages in between), the socket answers each as the protocol says: ack, pong,
 * `next`/`complete`, `error`, or a close with the one code the misuse calls for (1009, 4400, 4401, 4409,
 * 4429), every text a graphql-ws server message, and never a throw, an unhandled rejection or a 4500. The
 * model is `fuzz-socket-model.ts`. The broken variant skips the `connection_init` check: a `subscribe` before
 * the ack is served.
 */

const file = 'properties/white-box/fuzz-websocket-frames.test.ts';
const quickRuns = 150;

/** The missing check: a `subscribe` before `connection_init` is let through, as if the client had said it (the ack is swallowed). */
const skipsInitCheck: DoorVariant = (t) => ({
  ...doorOf(t.origin),
  openSocket: async (req, peer) => {
    let swallowAck = false;
    const quiet: SocketPeer = {
      send: (text, message) => {
        if (swallowAck && message.type === 'connection_ack') swallowAck = false;
        else peer.send(text, message);
      },
      close: (code, reason) => peer.close(code, reason),
    };
    const opening = await t.origin.openSocket(req, quiet);
    const socket = opening.socket;
    if (socket === undefined) return opening;
    let initialised = false;
    const typeOf = (text: string) => {
      try {
        return (JSON.parse(text) as { type?: unknown }).type;
      } catch {
        return undefined;
      }
    };
    return {
      ...opening,
      socket: {
        receive: (text) => {
          const type = typeOf(text);
          if (type === 'subscribe' && !initialised) {
            swallowAck = true;
            void socket.receive('{"type":"connection_init"}');
          }
          if (type === 'connection_init' || type === 'subscribe') initialised = true;
          return socket.receive(text);
        },
        closedByClient: () => socket.closedByClient(),
      },
    };
  },
});

describe('every frame on a graph socket gets the answer graphql-ws gives it', () => {
  test.prop([socketSession], replayable<[SocketSession]>(file, quickRuns))('any frames after a valid upgrade', async (s) => judge(await socketRun(s), []));

  test('teeth: a connection that skips the connection_init check is caught, on one subscribe', async () => {
    const result = await fc.check(fc.asyncProperty(socketSession, async (s) => judge(await socketRun(s, skipsInitCheck), [])), { numRuns: quickRuns, seed: 21 });
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk.steps).toHaveLength(1);
    expect(shrunk.sockets.some((socket) => !socket.init)).toBe(true);
    expect(String(result.errorInstance)).toMatch(/graphql-ws calls for close 4401/);
  });
});
