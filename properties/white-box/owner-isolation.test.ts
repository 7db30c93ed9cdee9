import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { isolated, seed, type Step, workload } from './owner-isolation.js';
import { replayable } from './replay.js';

/**
 * Principle (spec §4 rules 2 and 4, §5.9): in owner-check behaviour, for any workload of several users going
 * through the cache, no response a caller receives contains another user's order, and no update or delete by
 * someone who is not the owner changes anything. Login-only behaviour must break it, in at most two requests.
 * The check and the arbitraries are in `owner-isolation.ts`, which the benchmark of property runs shares.
 */

const file = 'properties/white-box/owner-isolation.test.ts';

describe('owner isolation through the shared cache', () => {
  test.prop([workload, seed], replayable<[Step[], number]>(file, 120))('owner-check: nobody sees or changes another user\'s order', (steps, s) => isolated(steps, 'owner-check', s));

  test('teeth: login-only is caught, and the counterexample shrinks to at most two requests', async () => {
    const result = await fc.check(fc.asyncProperty(workload, seed, (steps, s) => isolated(steps, 'login-only', s)), { numRuns: 120, seed: 11 });
    expect(result.failed).toBe(true);
    expect(result.counterexample![0].length).toBeLessThanOrEqual(2);
    expect(String(result.errorInstance)).toMatch(/received order \d+ of user \d+|only its owner's requests/);
  });
});
