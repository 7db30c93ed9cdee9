import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { runScenario } from '../../sim/scenario/run.js';
import { parseScenario, type ScenarioInput } from '../../sim/scenario/spec.js';
import { exactlyOnce, type Faults, faults, type Op, seed, workload } from './exactly-once.js';
import { replayable } from './replay.js';

/**
 * Principle (spec §4): under loss, duplicates and delay, the `safe` and `keyed` clients take effect at most
 * once, exactly once when told; the naive client must fail. The check and the arbitraries, with the full
 * statement of the principle, are in `exactly-once.ts`, which the benchmark of property runs shares.
 */

const file = 'properties/white-box/exactly-once.test.ts';
type Args = [Op[][], Faults, number];

describe('exactly once under loss, duplication and delay', () => {
  test.prop([workload, faults, seed], replayable<Args>(file, 60))('safe client: at most once, exactly once when told', (o, f, s) => exactlyOnce(o, f, s, 'safe'));
  test.prop([workload, faults, seed], replayable<Args>(file, 60))('keyed client: POSTs re-sent with their key still take effect once', (o, f, s) => exactlyOnce(o, f, s, 'keyed'));

  test('teeth: the naive client duplicates a POST, and fast-check shrinks it to a short workload', async () => {
    const result = await fc.check(fc.asyncProperty(workload, faults, seed, (o, f, s) => exactlyOnce(o, f, s, 'naive')), { numRuns: 200, seed: 21 });
    expect(result.failed).toBe(true);
    const [ops] = result.counterexample!;
    // Removing an operation shifts which messages the seed loses, so shrinking stops a little above one POST.
    expect(ops.flat().length).toBeLessThanOrEqual(3);
    expect(ops.flat().some((o) => o.kind === 'post')).toBe(true);
    expect(String(result.errorInstance)).toMatch(/exists [2-9] times/);
  });
});

describe('why the safe client is held to response duplicates only', () => {
  test('a duplicated keyless POST request makes two notes even with the safe client; with a key, one', async () => {
    const input = (policy: 'safe' | 'keyed'): ScenarioInput => ({
      modes: { client: { policy } },
      topology: { wan: { faults: [{ rule: 'duplicate', probability: 1, applies: 'requests', copyDelayUs: 1_000 }] } },
      steps: [{ method: 'POST', path: '/notes', body: { content: 'once' } }],
    });
    const safe = await runScenario('dup', parseScenario(input('safe')), { seed: 1, trace: 'off' });
    const keyed = await runScenario('dup', parseScenario(input('keyed')), { seed: 1, trace: 'off' });
    expect([safe.finalState.notesCount, keyed.finalState.notesCount]).toEqual([2, 1]);
  });
});
