import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { broken as brokenVerdict } from '../../properties/principle.js';
import type { PreparedTarget } from '../../properties/targets/target-session.js';
import { type DrawnRun, drawnRuns, inputsOf, ownOrigin, type PrincipleBench, principleBenches, propertyRunBenchmarks, recordedRuns, runProperty, runScenariosAlone } from './property-runs.js';

/** The runs `fc.check` hands the property, in order, for the bench's seed and run count. */
async function inputsChecked<Plan>(bench: PrincipleBench<Plan>, prepared: PreparedTarget): Promise<DrawnRun<Plan>[]> {
  const seen: DrawnRun<Plan>[] = [];
  await fc.check(fc.asyncProperty(drawnRuns(bench, prepared), (drawn) => { seen.push(drawn); return Promise.resolve(); }), { seed: bench.seed, numRuns: bench.runs });
  return seen;
}

describe('property runs: a principle and its reference run the same drawn runs', { timeout: 60_000 }, () => {
  it.each(principleBenches.map((bench) => [bench.name, bench] as const))('%s: the reference replays exactly the runs the property is given, every exchange of them', async (_, bench) => {
    const prepared = await ownOrigin();
    const inputs = inputsOf(bench, prepared);
    expect(inputs).toHaveLength(bench.runs);
    expect(await inputsChecked(bench, prepared)).toEqual(inputs);
    const recorded = await recordedRuns(bench, prepared);
    expect(recorded.map((r) => r.seed)).toEqual(inputs.map(([seed]) => seed));
    const exchanges = recorded.reduce((sum, run) => sum + run.exchanges, 0);
    expect(await runScenariosAlone(recorded)).toBe(exchanges);
    expect(exchanges).toBeGreaterThan(bench.runs);
  });

  it('every definition does its full work: each principle holds in all its runs, each reference runs every exchange', async () => {
    const definitions = await propertyRunBenchmarks();
    expect(definitions.map((d) => `${d.benchmark}/${d.variant}`)).toEqual(principleBenches.flatMap((b) => [`property runs: ${b.name}/scenarios alone`, `property runs: ${b.name}/property (generate, simulate, check)`]));
    for (const definition of definitions) await expect(Promise.resolve(definition.run())).resolves.toBeUndefined();
  });

  it('a principle that does not hold fails the benchmark instead of reporting a rate', async () => {
    const [bench] = principleBenches;
    const brokenBench = { ...bench, runs: 3, principle: { ...bench.principle, check: () => Promise.resolve(brokenVerdict('broken on purpose')) } };
    await expect(runProperty(brokenBench, await ownOrigin())).rejects.toThrow(/owner isolation: the property failed: .*broken on purpose/);
  });
});
