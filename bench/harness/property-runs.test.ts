import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactlyOnceKeyedBench, idempotentResendBench, inputsOf, ownerIsolationBench, type PropertyBench, propertyRunBenchmarks, runProperty, runScenariosAlone } from './property-runs.js';

/** The inputs `fc.check` hands the property, in order, for the bench's seed and run count. */
async function inputsChecked<Input>(bench: PropertyBench<Input>): Promise<Input[]> {
  const seen: Input[] = [];
  await fc.check(fc.asyncProperty(bench.arbitrary, (input) => { seen.push(input); return Promise.resolve(); }), { seed: bench.seed, numRuns: bench.runs });
  return seen;
}

/** The reference must run exactly the inputs the property is given, and every exchange of them. */
async function expectSameWorkloads<Input>(bench: PropertyBench<Input>): Promise<void> {
  const inputs = inputsOf(bench);
  expect(inputs).toHaveLength(bench.runs);
  expect(await inputsChecked(bench)).toEqual(inputs);
  const exchanges = inputs.reduce((sum, input) => sum + bench.exchangesIn(input), 0);
  expect(await runScenariosAlone(bench, inputs)).toBe(exchanges);
  expect(exchanges).toBeGreaterThan(bench.runs);
}

describe('property runs: the property and its reference run the same workloads', () => {
  it.each([
    ['owner isolation', () => expectSameWorkloads(ownerIsolationBench)],
    ['idempotent re-send', () => expectSameWorkloads(idempotentResendBench)],
    ['exactly-once keyed', () => expectSameWorkloads(exactlyOnceKeyedBench)],
  ] as const)('%s: the reference runs exactly the inputs the property is given', (_, expectation) => expectation());

  it('every definition does its full work: each property passes all its runs, each reference runs every exchange', async () => {
    const definitions = propertyRunBenchmarks();
    expect(definitions.map((d) => `${d.benchmark}/${d.variant}`)).toHaveLength(6);
    for (const definition of definitions) await expect(Promise.resolve(definition.run())).resolves.toBeUndefined();
  });

  it('a property that fails fails the benchmark instead of reporting a rate', async () => {
    const broken = { ...ownerIsolationBench, runs: 3, check: () => Promise.reject(new Error('broken on purpose')) };
    await expect(runProperty(broken)).rejects.toThrow(/owner isolation: the property failed: .*broken on purpose/);
  });
});
