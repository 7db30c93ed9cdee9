import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFaultMix } from '../../properties/sweep/fault-mix.js';
import { failed } from '../../properties/sweep/seed-outcome.js';
import { seedCount } from '../../properties/sweep/seed-range.js';
import type { SweepJob } from '../../properties/sweep/sweep-job.js';
import { runSweep } from '../../properties/sweep/sweep.js';
import { builtWorkerUrl } from '../../properties/sweep/worker-build.js';
import { threadRunner } from '../../properties/sweep/worker-pool.js';
import { type BenchmarkDefinition, expectCount } from './definition.js';

/**
 * The sweep's speed goal: on a machine with 2 cores, 2 workers sweep 3,000 seeds at least 1.7× as fast as 1,
 * each timed from the start of its pool to the last seed's result.
 */
export const sweepSpeedTarget = { variant: '2 workers', minRatioToReference: 1.7 } as const;

/** A job every seed passes (so no time goes to shrinking) with re-sends in it: latency-mix under 5% loss. */
const job: SweepJob = { kind: 'scenario', name: 'latency-mix', faults: parseFaultMix('loss=5%') };

/** About 9 s on one worker: long enough that the threads' start counts as it does in a real sweep, and no more. */
const seeds = { first: 1, last: 3_000 } as const;

/** No seed of the job fails, so nothing is written here unless the simulator broke (and then the benchmark fails). */
const settings = { counterexampleFolder: join(tmpdir(), 'apisim-bench-sweep'), simCommand: 'npm run sim --' };

function poolVariant(workers: number): BenchmarkDefinition {
  return {
    benchmark: 'sweep',
    variant: workers === 1 ? '1 worker' : `${workers} workers`,
    unit: 'seeds_per_second',
    unitsPerIteration: seedCount(seeds),
    isReference: workers === 1,
    minIterationsPerRound: 1,
    // Each iteration starts its own pool, so a warm-up iteration would warm nothing the next one uses.
    warmUp: false,
    // The worker is built once per process (`worker-build.ts`), before anything is timed, so that no variant's
    // first iteration pays for it.
    setUp: () => {
      builtWorkerUrl();
      return Promise.resolve();
    },
    // Timed as `npm run sweep` spends it: the threads started, each loading the built worker and warming its
    // JIT on the seeds it is dealt, then every seed, then the pool closed.
    run: async () => {
      const runner = threadRunner(workers, [job]);
      try {
        // Two batches in flight per worker, as `npm run sweep` does: a worker never waits for its next batch.
        const report = await runSweep({ jobs: [job], seeds, runner, parallelism: workers * 2, settings, untilFirstFailure: false, timeBudgetMs: undefined });
        expectCount('seeds swept', report.outcomes.length, seedCount(seeds));
        expectCount('failing seeds', report.outcomes.filter(failed).length, 0);
      } finally {
        await runner.close();
      }
    },
  };
}

/**
 * sweep: seeds per second of `npm run sweep`'s own path (runSweep on tinypool worker threads) with one worker,
 * the reference, and with one per core, start included. The ratio is how well the sweep scales; the goal is
 * for 2 workers on 2 cores. The same batches run either way, and the report is the same, so only the wall
 * time differs. On a one-core machine the second variant still runs 2 workers, and its ratio shows the cost
 * of sharing a core.
 */
export function sweepSpeedBenchmarks(): BenchmarkDefinition[] {
  return [poolVariant(1), poolVariant(Math.max(2, availableParallelism()))];
}
