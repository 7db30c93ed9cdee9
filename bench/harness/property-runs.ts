import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { exactlyOnce } from '../../properties/exactly-once.js';
import { idempotentResend } from '../../properties/idempotent-resend.js';
import { ownerIsolation } from '../../properties/owner-isolation.js';
import type { Principle } from '../../properties/principle.js';
import { parseTarget } from '../../properties/targets/define-target.js';
import { ownOriginTarget } from '../../properties/targets/own-origin-target.js';
import { PreparedTarget } from '../../properties/targets/target-session.js';
import { runScenario } from '../../sim/scenario/run.js';
import { parseScenario, type ScenarioInput } from '../../sim/scenario/spec.js';
import { type BenchmarkDefinition, expectCount } from './definition.js';

/**
 * One principle measured two ways on the same drawn runs of apisim's own origin: `property` is what its test
 * runs (fast-check draws a simulator seed and a plan, a `TargetSession` runs the plan and the principle judges
 * it), `scenarios alone` runs the scenarios those very sessions recorded, already drawn and with nothing
 * judged. Both count the exchanges they ran, so a short run fails.
 */
export interface PrincipleBench<Plan> {
  /** The benchmark's row, as the report has always named it. */
  readonly name: string;
  readonly principle: Principle<Plan>;
  /** Runs per iteration: enough distinct plans for a fair mix, few enough for a short iteration. */
  readonly runs: number;
  readonly seed: number;
}

/** One drawn run: the simulator's seed and the plan, as the runner draws them (`properties/runner.ts`). */
export type DrawnRun<Plan> = readonly [seed: number, plan: Plan];

/** A recorded run: the scenario its session wrote, its seed, and the exchanges it made. */
export interface RecordedRun {
  readonly scenario: ScenarioInput;
  readonly seed: number;
  readonly exchanges: number;
}

/** The seed of every benchmark run: the same plans each iteration, so iterations differ only in time. */
const benchSeed = 20_240_601;
const simulatorSeed = fc.nat({ max: 1_000_000 });

export const ownerIsolationBench: PrincipleBench<unknown> = { name: 'owner isolation', principle: ownerIsolation, runs: 20, seed: benchSeed };
export const idempotentResendBench: PrincipleBench<unknown> = { name: 'idempotent re-send', principle: idempotentResend, runs: 10, seed: benchSeed };
export const exactlyOnceKeyedBench: PrincipleBench<unknown> = { name: 'exactly-once keyed', principle: exactlyOnce, runs: 20, seed: benchSeed };
export const principleBenches = [ownerIsolationBench, idempotentResendBench, exactlyOnceKeyedBench] as const;

/** apisim's own origin in its correct behaviour, described as any target is: where every principle above holds. */
export function ownOrigin(): Promise<PreparedTarget> {
  const file = fileURLToPath(import.meta.url);
  return PreparedTarget.prepare({ target: parseTarget(ownOriginTarget(), file), file });
}

export function drawnRuns<Plan>(bench: PrincipleBench<Plan>, prepared: PreparedTarget): fc.Arbitrary<DrawnRun<Plan>> {
  return fc.tuple(simulatorSeed, bench.principle.plan(prepared.target, prepared));
}

/** The runs `fc.check` draws for a bench's seed and run count (fast-check draws them the same way). */
export function inputsOf<Plan>(bench: PrincipleBench<Plan>, prepared: PreparedTarget): DrawnRun<Plan>[] {
  return fc.sample(drawnRuns(bench, prepared), { seed: bench.seed, numRuns: bench.runs });
}

/** One run as the principle's test runs it: a fresh session, the plan sent, judged; throws what broke. */
async function checkedRun<Plan>(bench: PrincipleBench<Plan>, prepared: PreparedTarget, [seed, plan]: DrawnRun<Plan>): Promise<RecordedRun> {
  const run = await prepared.open({ seed, settings: bench.principle.settings(plan), trace: 'off' });
  try {
    const verdict = await bench.principle.check(run, plan);
    if (verdict.outcome === 'broken') throw new Error(verdict.problems.join('\n'));
    return { scenario: run.scenario(bench.principle.name, bench.name, '.'), seed, exchanges: run.session.exchanges.length };
  } finally {
    run.close();
  }
}

/** One property execution of `runs` runs, as the principle's test runs it; fails the benchmark if the principle does not hold. */
export async function runProperty<Plan>(bench: PrincipleBench<Plan>, prepared: PreparedTarget): Promise<number> {
  const result = await fc.check(fc.asyncProperty(drawnRuns(bench, prepared), async (drawn) => {
    await checkedRun(bench, prepared, drawn);
  }), { seed: bench.seed, numRuns: bench.runs });
  if (result.failed) throw new Error(`${bench.name}: the property failed: ${String(result.errorInstance)}`);
  return result.numRuns;
}

/** The drawn runs, each run once to record the scenario its session wrote: what the reference replays. */
export async function recordedRuns<Plan>(bench: PrincipleBench<Plan>, prepared: PreparedTarget): Promise<RecordedRun[]> {
  const recorded: RecordedRun[] = [];
  for (const drawn of inputsOf(bench, prepared)) recorded.push(await checkedRun(bench, prepared, drawn));
  return recorded;
}

/** The recorded scenarios, run by the simulator alone: nothing drawn, nothing judged. Returns the exchanges run. */
export async function runScenariosAlone(recorded: readonly RecordedRun[]): Promise<number> {
  let exchanges = 0;
  for (const { scenario, seed } of recorded) exchanges += (await runScenario(scenario.name ?? 'principle', parseScenario(scenario), { seed, trace: 'off' })).exchanges.length;
  return exchanges;
}

/**
 * property runs: runs per second of three principles as their tests run them on apisim's own origin (drawn
 * by fast-check, sent through a `TargetSession`, judged), against the scenarios the same runs recorded, run
 * alone. The ratio (≤ 1) is the simulator's share of a principle's run; the rest is fast-check's drawing, the
 * session's bookkeeping and the principle's own judging. A low ratio says to speed up the principle or the
 * session, a high one the simulator. Each run signs its users in, as the target says, on both sides.
 */
export async function propertyRunBenchmarks(): Promise<BenchmarkDefinition[]> {
  const prepared = await ownOrigin();
  const definitions: BenchmarkDefinition[] = [];
  for (const bench of principleBenches) definitions.push(...definitionsFor(bench, prepared, await recordedRuns(bench, prepared)));
  return definitions;
}

function definitionsFor<Plan>(bench: PrincipleBench<Plan>, prepared: PreparedTarget, recorded: readonly RecordedRun[]): BenchmarkDefinition[] {
  const exchanges = recorded.reduce((sum, run) => sum + run.exchanges, 0);
  const shared = { benchmark: `property runs: ${bench.name}`, unit: 'property_runs_per_second', unitsPerIteration: bench.runs } as const;
  return [
    {
      ...shared,
      variant: 'scenarios alone',
      isReference: true,
      run: async () => expectCount(`${bench.name}: exchanges`, await runScenariosAlone(recorded), exchanges),
    },
    {
      ...shared,
      variant: 'property (generate, simulate, check)',
      isReference: false,
      run: async () => expectCount(`${bench.name}: property runs`, await runProperty(bench, prepared), bench.runs),
    },
  ];
}
