import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { SocketPeer } from '../../src/graph/subscriptions/connection.js';
import { doorOf, type DoorVariant } from './fuzz-socket-door.js';
import { judge } from './fuzz-socket-model.js';
import { type SocketSession, socketSession } from './fuzz-socket-sessions.js';
import { socketRun } from './fuzz-socket-run.js';
import { replayable } from './replay.js';

/**
 * Pushes reach only their subscribers (spec §4 C rule 5; docs/decisions/subscriptions.md, "Subscriptions over the simulated
 * link"), a white-box check: it counts the origin's own sockets and subscriptions after every step. Whatever
 * frames arrive, a push reaches only a socket that holds a subscription to the post the comment was added to,
 * once per subscription and in subscription order, and never after the client's `complete` or a close; a
 * session revoked since the upgrade gets a 4401 close instead. After every step the origin counts exactly the
 * sockets and subscriptions the clients hold, with nothing left undelivered, so both counts are back to zero
 * once every socket has closed. The model is `fuzz-socket-model.ts`. The broken variants: a fan-out that
 * sends every `next` to every open socket, a `complete` that does not unsubscribe, and a close that leaves
 * the socket counted.
 */

const file = 'properties/white-box/fuzz-websocket-pushes.test.ts';
const quickRuns = 100;

const typeOf = (text: string): unknown => {
  try {
    return (JSON.parse(text) as { type?: unknown }).type;
  } catch {
    return undefined;
  }
};

/** A fan-out that forgets whose operation a `next` belongs to: every open socket of the origin gets it. */
const broadcasts: DoorVariant = (t) => {
  const peers: SocketPeer[] = [];
  return {
    ...doorOf(t.origin),
    openSocket: (req, peer) => {
      peers.push(peer);
      const everyone: SocketPeer = {
        send: (text, message) => {
          for (const p of message.type === 'next' ? peers : [peer]) p.send(text, message);
        },
        close: (code, reason) => peer.close(code, reason),
      };
      return t.origin.openSocket(req, everyone);
    },
  };
};

/** The client's `complete` is lost on its way to the operation: the subscription goes on listening. */
const ignoresComplete: DoorVariant = (t) => ({
  ...doorOf(t.origin),
  openSocket: async (req, peer) => {
    const opening = await t.origin.openSocket(req, peer);
    const socket = opening.socket;
    if (socket === undefined) return opening;
    return { ...opening, socket: { receive: (text) => (typeOf(text) === 'complete' ? undefined : socket.receive(text)), closedByClient: () => socket.closedByClient() } };
  },
});

/** A close the transport never reports: the connection and its subscriptions stay, counted and listening. */
const leaksOnClose: DoorVariant = (t) => ({
  ...doorOf(t.origin),
  openSocket: async (req, peer) => {
    const opening = await t.origin.openSocket(req, peer);
    const socket = opening.socket;
    if (socket === undefined) return opening;
    return { ...opening, socket: { receive: (text) => socket.receive(text), closedByClient: () => undefined } };
  },
});

const failing = (variant: DoorVariant, seed: number) =>
  fc.check(fc.asyncProperty(socketSession, async (s) => judge(await socketRun(s, variant), ['push', 'count'])), { numRuns: quickRuns, seed });

describe('pushes reach subscribers only, and closing brings the counts back to zero', () => {
  test.prop([socketSession], replayable<[SocketSession]>(file, quickRuns))('any frames and comments around open sockets', async (s) => judge(await socketRun(s), ['push', 'count']));

  test('teeth: a next sent to every socket is caught, on two sockets and one operation', async () => {
    const result = await failing(broadcasts, 33);
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk.sockets).toHaveLength(2);
    expect(shrunk.steps.length).toBeLessThanOrEqual(2);
    expect(String(result.errorInstance)).toMatch(/socket \d got next .* for no subscription it holds/);
  });

  test('teeth: a complete that does not unsubscribe is caught, on a subscribe and its complete', async () => {
    const result = await failing(ignoresComplete, 31);
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk.steps.length).toBeLessThanOrEqual(2);
    expect(String(result.errorInstance)).toMatch(/the origin counts 1 open socket\(s\) and 1 subscription\(s\) where the clients hold 1 and 0/);
  });

  test('teeth: a close that leaves the socket counted is caught, on one socket opened and closed', async () => {
    const result = await failing(leaksOnClose, 32);
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk.steps).toHaveLength(0);
    expect(String(result.errorInstance)).toMatch(/the origin counts 1 open socket\(s\) and 0 subscription\(s\) where the clients hold 0 and 0/);
  });
});
