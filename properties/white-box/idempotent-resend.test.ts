import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { anySteps, idempotentSteps, resendChangesNoState, seed, type Step } from './idempotent-resend.js';
import { replayable } from './replay.js';

/**
 * Principle (spec §3, §4; RFC 9110 §9.2.2): a client may re-send an idempotent request when the response is
 * lost, because the repeats leave the state one send would. So on the spec's unstable line, where every
 * exchange's first response is lost and the naive client re-sends it, the origin must end in the same state
 * as on a stable line. The same property over a workload that includes POST must fail: that is the hazard.
 * The check and the arbitraries are in `idempotent-resend.ts`, which the benchmark of property runs shares.
 */

async function resendLeavesStateAsOneSend(steps: Step[], runSeed: number): Promise<void> {
  const resent = await resendChangesNoState(steps, runSeed);
  // The property is only meaningful if the line really made the client re-send every exchange.
  expect(resent).toHaveLength(steps.length);
}

describe('re-sending an idempotent request leaves the state of one send', () => {
  test.prop([idempotentSteps, seed], replayable<[Step[], number]>('properties/white-box/idempotent-resend.test.ts', 150))(
    'GET, PUT and DELETE on the unstable line',
    resendLeavesStateAsOneSend,
  );

  test('teeth: with POST in the workload, fast-check finds the duplicate note and shrinks it to a short workload', async () => {
    const result = await fc.check(fc.asyncProperty(anySteps, seed, resendLeavesStateAsOneSend), { numRuns: 150, seed: 42 });
    expect(result.failed).toBe(true);
    const [steps] = result.counterexample!;
    expect(steps.length).toBeLessThanOrEqual(2);
    expect(steps).toContainEqual({ method: 'POST', path: '/notes', body: { content: '' } });
    expect(String(result.errorInstance)).toMatch(/replay: npm run sim -- --file reports\/counterexamples\/idempotent-resend.json --seed \d+/);
  });
});
