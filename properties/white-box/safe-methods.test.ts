import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { HttpResponse } from '../../src/http/message.js';
import { TestOrigin } from '../../src/testing-kit.js';
import { replayable } from './replay.js';
import { anyPath, type Call, originAfter, send, setup } from './state-arbitraries.js';

/**
 * Principle (RFC 9110 §9.2.1, spec §3 "GET ... Safe"): for any state of the origin and any GET, HEAD or
 * OPTIONS by anyone, the state is unchanged. The broken variant "tidies up" a note when it is read, a
 * side effect on a safe method; the property must catch it.
 */

const safeCall: fc.Arbitrary<Call> = fc.record({ user: fc.constantFrom('alice', 'bob', 'carol', 'sam'), method: fc.constantFrom('GET', 'HEAD', 'OPTIONS'), path: anyPath });

async function leavesStateAlone(before: readonly Call[], call: Call, breakIt: boolean): Promise<void> {
  const t = await originAfter(before);
  const state = JSON.stringify(t.origin.state());
  if (breakIt) readDeletes(t);
  await send(t, call);
  const after = JSON.stringify(t.origin.state());
  if (after !== state) throw new Error(`${call.method} ${call.path} by ${call.user} changed the state`);
}

/** The bug: reading a note deletes it ("read once" notes), through the real DELETE. */
function readDeletes(t: TestOrigin): void {
  const handle = t.origin.handle.bind(t.origin);
  (t.origin as { handle: typeof handle }).handle = (req) => {
    const res = handle(req);
    if (req.method !== 'GET' || !req.path.startsWith('/notes/')) return res;
    const del = (r: HttpResponse) => Promise.resolve(handle({ ...req, method: 'DELETE' })).then(() => r);
    return res instanceof Promise ? res.then(del) : del(res);
  };
}

describe('safe methods change nothing', () => {
  test.prop([setup, safeCall], replayable<[Call[], Call]>('properties/white-box/safe-methods.test.ts', 200))('any state, any GET, HEAD or OPTIONS', (b, c) => leavesStateAlone(b, c, false));

  test('teeth: a GET that deletes what it reads is caught', async () => {
    const result = await fc.check(fc.asyncProperty(setup, safeCall, (b, c) => leavesStateAlone(b, c, true)), { numRuns: 200, seed: 5 });
    expect(result.failed).toBe(true);
    const [before, call] = result.counterexample!;
    expect([call.method, call.path.startsWith('/notes/')]).toEqual(['GET', true]);
    expect(before.length).toBeLessThanOrEqual(1);
  });
});
