import fc from 'fast-check';
import { runScenario } from '../../sim/scenario/run.js';
import { parseScenario } from '../../sim/scenario/spec.js';
import * as exactlyOnce from '../../properties/white-box/exactly-once.js';
import * as idempotentResend from '../../properties/white-box/idempotent-resend.js';
import * as ownerIsolation from '../../properties/white-box/owner-isolation.js';
import { type BenchmarkDefinition, expectCount } from './definition.js';

/**
 * One property measured two ways on the same generated inputs: `property` is what `npm test` runs (fast-check
 * generates each input, the check runs it through the simulator and judges the result), `scenarios` runs the
 * same inputs' scenarios alone, already generated. Both return the exchanges they ran, so a short run fails.
 */
export interface PropertyBench<Input> {
  readonly name: string;
  /** Property runs per iteration: enough distinct inputs for a fair mix, few enough for a short iteration. */
  readonly runs: number;
  readonly seed: number;
  readonly arbitrary: fc.Arbitrary<Input>;
  readonly check: (input: Input) => Promise<void>;
  readonly scenarios: (input: Input) => Promise<number>;
  readonly exchangesIn: (input: Input) => number;
}

/** The seed of every benchmark run: the same inputs each iteration, so iterations differ only in time. */
const benchSeed = 20_240_601;

export const ownerIsolationBench: PropertyBench<[ownerIsolation.Step[], number]> = {
  name: 'owner isolation',
  runs: 40,
  seed: benchSeed,
  arbitrary: fc.tuple(ownerIsolation.workload, ownerIsolation.seed),
  check: ([steps, seed]) => ownerIsolation.isolated(steps, 'owner-check', seed),
  scenarios: async ([steps, seed]) => {
    const input = ownerIsolation.scenarioOf(steps, 'owner-check');
    return (await runScenario('owner-isolation', parseScenario(input), { seed, trace: 'off' })).exchanges.length;
  },
  exchangesIn: ([steps]) => steps.length,
};

export const idempotentResendBench: PropertyBench<[idempotentResend.Step[], number]> = {
  name: 'idempotent re-send',
  runs: 10,
  seed: benchSeed,
  arbitrary: fc.tuple(idempotentResend.idempotentSteps, idempotentResend.seed),
  // As the test does: the state must match, and the line must have made the client re-send every exchange.
  check: async ([steps, seed]) => expectCount('re-sent exchanges', (await idempotentResend.resendChangesNoState(steps, seed)).length, steps.length),
  scenarios: async ([steps, seed]) => {
    const stable = await runScenario('stable', parseScenario({ steps }), { seed, trace: 'off' });
    const unstable = await runScenario('unstable', parseScenario(idempotentResend.unstableLine(steps)), { seed, trace: 'off' });
    return stable.exchanges.length + unstable.exchanges.length;
  },
  exchangesIn: ([steps]) => 2 * steps.length,
};

export const exactlyOnceKeyedBench: PropertyBench<[exactlyOnce.Op[][], exactlyOnce.Faults, number]> = {
  name: 'exactly-once keyed',
  runs: 20,
  seed: benchSeed,
  arbitrary: fc.tuple(exactlyOnce.workload, exactlyOnce.faults, exactlyOnce.seed),
  check: ([ops, faults, seed]) => exactlyOnce.exactlyOnce(ops, faults, seed, 'keyed'),
  scenarios: async ([ops, faults, seed]) => {
    const input = exactlyOnce.scenarioOf(ops, faults, 'keyed');
    return (await runScenario('exactly-once', parseScenario(input), { seed, trace: 'off' })).exchanges.length;
  },
  exchangesIn: ([ops]) => ops.flat().length,
};

/** The inputs `fc.check` generates for a bench's seed and run count (fast-check draws them the same way). */
export function inputsOf<Input>(bench: PropertyBench<Input>): Input[] {
  return fc.sample(bench.arbitrary, { seed: bench.seed, numRuns: bench.runs });
}

/** One property execution of `runs` runs, as the test runs it; fails the benchmark if the property does. */
export async function runProperty<Input>(bench: PropertyBench<Input>): Promise<number> {
  const result = await fc.check(fc.asyncProperty(bench.arbitrary, bench.check), { seed: bench.seed, numRuns: bench.runs });
  if (result.failed) throw new Error(`${bench.name}: the property failed: ${String(result.errorInstance)}`);
  return result.numRuns;
}

/** The same inputs' scenarios, without generating or checking anything; returns the exchanges run. */
export async function runScenariosAlone<Input>(bench: PropertyBench<Input>, inputs: readonly Input[]): Promise<number> {
  let exchanges = 0;
  for (const input of inputs) exchanges += await bench.scenarios(input);
  return exchanges;
}

/**
 * property runs: runs per second of each property as `npm test` runs it, against its own scenarios run alone
 * on the same inputs. The ratio (≤ 1) is the simulator's share of a property run; the rest is fast-check's
 * generation and the property's own judging. A low ratio says to speed up the property, a high one the
 * simulator. (The generator alone would be a reference that tells nothing: it is a small part of either.)
 */
export function propertyRunBenchmarks(): BenchmarkDefinition[] {
  return [...definitionsFor(ownerIsolationBench), ...definitionsFor(idempotentResendBench), ...definitionsFor(exactlyOnceKeyedBench)];
}

function definitionsFor<Input>(bench: PropertyBench<Input>): BenchmarkDefinition[] {
  const inputs = inputsOf(bench);
  const exchanges = inputs.reduce((sum, input) => sum + bench.exchangesIn(input), 0);
  const shared = { benchmark: `property runs: ${bench.name}`, unit: 'property_runs_per_second', unitsPerIteration: bench.runs } as const;
  return [
    {
      ...shared,
      variant: 'scenarios alone',
      isReference: true,
      run: async () => expectCount(`${bench.name}: exchanges`, await runScenariosAlone(bench, inputs), exchanges),
    },
    {
      ...shared,
      variant: 'property (generate, simulate, check)',
      isReference: false,
      run: async () => expectCount(`${bench.name}: property runs`, await runProperty(bench), bench.runs),
    },
  ];
}
