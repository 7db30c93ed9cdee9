import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { replayable } from './replay.js';
import { type Call, originAfter, send, setup } from './state-arbitraries.js';

/**
 * Principle (RFC 9110 §9.2.2, spec §3): for any state, applying the same PUT or DELETE twice leaves the state
 * of applying it once. The same property over POST must fail: each POST adds one more note.
 */

const user = fc.constantFrom('alice', 'bob', 'carol');
const content = fc.string({ maxLength: 8 }).map((c) => ({ content: c }));
const idempotentCall: fc.Arbitrary<Call> = fc.oneof(
  fc.record({ user, method: fc.constant('PUT'), path: fc.integer({ min: 1, max: 3 }).map((id) => `/notes/${id}`), body: content }),
  fc.record({ user, method: fc.constant('DELETE'), path: fc.integer({ min: 1, max: 3 }).map((id) => `/notes/${id}`) }),
  fc.record({ user, method: fc.constant('DELETE'), path: fc.integer({ min: 121, max: 126 }).map((id) => `/orders/${id}`) }),
  fc.record({ user, method: fc.constant('PUT'), path: fc.integer({ min: 1, max: 3 }).map((id) => `/users/${id}`), body: fc.constant({ name: 'New', email: 'new@example.com' }) }),
);
const postCall: fc.Arbitrary<Call> = fc.record({ user, method: fc.constant('POST'), path: fc.constant('/notes'), body: content });

async function twiceIsOnce(before: readonly Call[], call: Call): Promise<void> {
  const once = await originAfter(before);
  await send(once, call);
  const twice = await originAfter(before);
  await send(twice, call);
  await send(twice, call);
  const [a, b] = [JSON.stringify(once.origin.state()), JSON.stringify(twice.origin.state())];
  if (a !== b) throw new Error(`${call.method} ${call.path} twice differs from once:\n  once:  ${a}\n  twice: ${b}`);
}

describe('idempotent methods: twice is once', () => {
  test.prop([setup, idempotentCall], replayable<[Call[], Call]>('properties/white-box/idempotent-methods.test.ts', 200))('PUT and DELETE, any state', twiceIsOnce);

  test('teeth: POST is not idempotent, and fast-check shows it with the smallest case', async () => {
    const result = await fc.check(fc.asyncProperty(setup, postCall, twiceIsOnce), { numRuns: 100, seed: 9 });
    expect(result.failed).toBe(true);
    expect(result.counterexample![0]).toEqual([]);
  });
});
