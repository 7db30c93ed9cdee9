import type { DeterminismCheck } from './render/determinism-text.js';
import type { GuestRunResult } from '../../sim/scenario/result.js';
import type { RunResult } from '../../sim/scenario/run.js';
import { firstDifference } from '../../sim/trace-difference.js';
import { likelyCause } from './likely-cause.js';
import type { RunPlan } from '../../sim/host/run-plan.js';
import { runInFreshProcesses } from './fresh-processes.js';

/** How `--check-determinism` starts the seed in fresh processes. */
export interface FreshRuns {
  /** How many (`--runs N`); 0 runs the seed in this process only. */
  readonly count: number;
  /** The script and the words that start this command again (`api/cli/sim.ts`, or `apisim.ts sim`). */
  readonly relaunch: readonly string[];
  /** The scenario and the seed, as the command line names them. */
  readonly args: readonly string[];
}

/**
 * `--check-determinism`, as madsim's `MADSIM_TEST_CHECK_DETERMINISM` does in spirit (the same seed, from
 * nothing, twice): runs the seed a second time in this process, with a fresh origin (apisim's own, or the
 * app built afresh in a new virtual world), and once in each of `fresh.count` fresh processes, where nothing
 * a module computed once per process is shared, and compares every trace with the first. Equal hashes mean
 * every event agreed; else the first run that differs is compared event by event with run 1 (`full` traces:
 * the first and the latest 50,000 events of each), with the likely cause.
 */
export async function checkDeterminism(plan: RunPlan, seed: number, first: RunResult | GuestRunResult, fresh: FreshRuns): Promise<DeterminismCheck> {
  const second = await plan.run(seed);
  const copies = fresh.count === 0 ? [] : await runInFreshProcesses(fresh.relaunch, [...fresh.args, '--seed', String(seed)], fresh.count);
  const runs = [first, second, ...copies];
  const at = runs.findIndex((run) => run.traceHash !== first.traceHash);
  const differing = at === -1 ? undefined : {
    index: at,
    difference: firstDifference(first.trace, runs[at]!.trace),
    cause: likelyCause(runs, plan.app, second.traceHash === first.traceHash),
  };
  return { runs, inProcess: 2, differing, fresh: plan.app === undefined ? 'origin' : 'app' };
}
