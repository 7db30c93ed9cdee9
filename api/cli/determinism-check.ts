import type { DeterminismCheck } from './render/determinism-text.js';
import type { GuestRunResult } from '../../sim/scenario/result.js';
import type { RunResult } from '../../sim/scenario/run.js';
import { firstDifference } from '../../sim/trace-difference.js';
import { likelyCause } from './likely-cause.js';
import type { RunPlan } from '../../sim/host/run-plan.js';

/**
 * `--check-determinism`, as madsim's `MADSIM_TEST_CHECK_DETERMINISM`: runs the seed a second time, with a
 * fresh origin (apisim's own, or the app built afresh in a new virtual world), and compares the two traces.
 * Equal hashes mean every event agreed; else the first event that differs is found from the events the traces
 * kept (`full` mode: the first and the latest 50,000 of each run), with the likely cause.
 */
export async function checkDeterminism(plan: RunPlan, seed: number, first: RunResult | GuestRunResult): Promise<DeterminismCheck> {
  const second = await plan.run(seed);
  const difference = first.traceHash === second.traceHash ? undefined : firstDifference(first.trace, second.trace);
  return { first, second, difference, cause: likelyCause(first, second, plan.app), fresh: plan.app === undefined ? 'origin' : 'app' };
}
