import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { request } from '../../src/http/message.js';
import { doorOf, type DoorVariant } from './fuzz-socket-door.js';
import { judge } from './fuzz-socket-model.js';
import { type SocketSession, socketSession } from './fuzz-socket-sessions.js';
import { socketRun } from './fuzz-socket-run.js';
import { replayable } from './replay.js';

/**
 * A refused frame changes nothing, a white-box check: it compares `origin.state()` around every frame. A
 * frame changes the origin's state (`origin.state()`: notes, orders, users, posts, comments) only when an
 * operation ran, answered with `next`: subscriptions are read-only, and a frame that was refused (`error`),
 * ignored, or answered with a close leaves everything as it was; so do a revoked session and a closed socket.
 * graphql-ws carries mutations too (decisions), and one that ran may change the state. The model is
 * `fuzz-socket-model.ts`. The broken variant runs a mutation before the connection's own checks: a
 * `subscribe` refused with 4401 or 4409 has already added its comment.
 */

const file = 'properties/white-box/fuzz-websocket-state-unchanged.test.ts';
const quickRuns = 100;

/** The mutation is run first, through the HTTP door with the socket's credential, and only then does the socket look at the frame. */
const mutatesBeforeChecking: DoorVariant = (t) => ({
  ...doorOf(t.origin),
  openSocket: async (req, peer) => {
    const opening = await t.origin.openSocket(req, peer);
    const socket = opening.socket;
    if (socket === undefined) return opening;
    const credential = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name === 'cookie' || name === 'authorization'));
    const mutationOf = (text: string): unknown => {
      try {
        const payload = (JSON.parse(text) as { type?: unknown; payload?: { query?: unknown } }).payload;
        return typeof payload?.query === 'string' && payload.query.startsWith('mutation') ? payload : undefined;
      } catch {
        return undefined;
      }
    };
    return {
      ...opening,
      socket: {
        receive: async (text) => {
          const payload = mutationOf(text);
          if (payload !== undefined) await t.origin.handle(request('POST', '/graphql', { ...credential, 'content-type': 'application/json' }, JSON.stringify(payload)));
          return socket.receive(text);
        },
        closedByClient: () => socket.closedByClient(),
      },
    };
  },
});

describe('a frame changes the origin\'s state only when an operation ran', () => {
  test.prop([socketSession], replayable<[SocketSession]>(file, quickRuns))('any frames around open sockets', async (s) => judge(await socketRun(s), ['state']));

  test('teeth: a mutation run before the connection\'s checks is caught, on a refused mutation frame', async () => {
    const result = await fc.check(fc.asyncProperty(socketSession, async (s) => judge(await socketRun(s, mutatesBeforeChecking), ['state'])), { numRuns: quickRuns, seed: 41 });
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    // A mutation the socket refuses (before the ack: 4401; on an id in use: 4409), and at most the subscription it collides with.
    expect(shrunk.steps.length).toBeLessThanOrEqual(2);
    expect(shrunk.steps.at(-1)).toMatchObject({ kind: 'frame', frame: { text: expect.stringContaining('mutation') as unknown } });
    expect(String(result.errorInstance)).toMatch(/the state changed though no operation ran/);
  });
});
