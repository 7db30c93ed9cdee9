import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFaultMix } from '../../properties/sweep/fault-mix.js';
import { failed } from '../../properties/sweep/seed-outcome.js';
import { seedCount } from '../../properties/sweep/seed-range.js';
import type { SweepJob } from '../../properties/sweep/sweep-job.js';
import { runSweep } from '../../properties/sweep/sweep.js';
import { type BatchRunner, threadRunner } from '../../properties/sweep/worker-pool.js';
import { type BenchmarkDefinition, expectCount } from './definition.js';

/**
 * The sweep's speed goal: on a machine with 2 cores, 2 workers sweep at least 1.8× the seeds per second of 1.
 */
export const sweepSpeedTarget = { variant: '2 workers', minRatioToReference: 1.8 } as const;

/** A job every seed passes (so no time goes to shrinking) with re-sends in it: latency-mix under 5% loss. */
const job: SweepJob = { kind: 'scenario', name: 'latency-mix', faults: parseFaultMix('loss=5%') };

/**
 * About 1.1 s on one worker. The sweep sizes its batches from the range (`planBatches`): 400 seeds make
 * batches of 2, so handing them over is a few percent of the main thread, as in a real sweep's larger batches.
 */
const seeds = { first: 1, last: 400 } as const;

/** Seeds each thread runs before timing: V8 has compiled the simulator's hot paths by then, in every thread. */
const warmUpSeedsPerWorker = 300;

/** No seed of the job fails, so nothing is written here unless the simulator broke (and then the benchmark fails). */
const settings = { counterexampleFolder: join(tmpdir(), 'apisim-bench-sweep'), simCommand: 'npm run sim --' };

function sweepOn(runner: BatchRunner, workers: number, range: { readonly first: number; readonly last: number }) {
  // Two batches in flight per worker, as `npm run sweep` does: a worker never waits for its next batch.
  return runSweep({ jobs: [job], seeds: range, runner, parallelism: workers * 2, settings, untilFirstFailure: false, timeBudgetMs: undefined });
}

function poolVariant(workers: number): BenchmarkDefinition {
  let runner: BatchRunner | undefined;
  return {
    benchmark: 'sweep',
    variant: workers === 1 ? '1 worker' : `${workers} workers`,
    unit: 'seeds_per_second',
    unitsPerIteration: seedCount(seeds),
    isReference: workers === 1,
    minIterationsPerRound: 2,
    // The pool is started, and every thread has loaded the simulator and the job and run a few hundred seeds,
    // before anything is timed: the rate is the sweep's steady state, not how long Node takes to start a
    // thread, compile TypeScript and warm its JIT.
    setUp: async () => {
      runner = threadRunner(workers, [job]);
      await sweepOn(runner, workers, { first: 1, last: warmUpSeedsPerWorker * workers });
    },
    tearDown: async () => {
      await runner?.close();
      runner = undefined;
    },
    run: async () => {
      if (runner === undefined) throw new Error('sweep: the pool was not set up');
      const report = await sweepOn(runner, workers, seeds);
      expectCount('seeds swept', report.outcomes.length, seedCount(seeds));
      expectCount('failing seeds', report.outcomes.filter(failed).length, 0);
    },
  };
}

/**
 * sweep: seeds per second of `npm run sweep`'s own path (runSweep on tinypool worker threads) with one worker,
 * the reference, and with one per core. The ratio is how well the sweep scales; the goal is for 2 workers on
 * 2 cores. The same batches run either way, and the report is the same, so only the wall time differs. On a
 * one-core machine the second variant still runs 2 workers, and its ratio shows the cost of sharing a core.
 */
export function sweepSpeedBenchmarks(): BenchmarkDefinition[] {
  return [poolVariant(1), poolVariant(Math.max(2, availableParallelism()))];
}
