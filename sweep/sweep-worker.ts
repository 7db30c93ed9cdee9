import { type KindLatency, latenciesByKind, type PreparedJob, prepareJob, type SeedRunSettings } from './seed-run.js';
import type { SeedOutcome } from './seed-outcome.js';
import type { SweepJob } from './sweep-job.js';

/** A contiguous run of seeds of one job: what a worker thread is handed at a time. */
export interface SeedBatch {
  readonly job: SweepJob;
  readonly first: number;
  readonly last: number;
  readonly settings: SeedRunSettings;
}

export interface SeedResult {
  readonly outcome: SeedOutcome;
  readonly latencies: readonly KindLatency[];
}

/** Each thread loads a job's app or target once, and every batch of that job after the first reuses it. */
const prepared = new Map<string, Promise<PreparedJob>>();

/**
 * Runs a batch, seed after seed: the worker thread's task (tinypool calls the default export), and the
 * in-process sweep's too. A seed's run never shares anything with another's but the loaded job: a fresh
 * simulation, origin and world every time, so its verdict is the seed's alone, in any thread.
 */
export default async function runBatch(batch: SeedBatch): Promise<SeedResult[]> {
  const key = JSON.stringify(batch.job);
  let job = prepared.get(key);
  if (job === undefined) prepared.set(key, (job = prepareJob(batch.job)));
  const ready = await job;
  const results: SeedResult[] = [];
  for (let seed = batch.first; seed <= batch.last; seed++) {
    const run = await ready.run(seed, batch.settings);
    results.push({ outcome: run.outcome, latencies: latenciesByKind(run.exchanges) });
  }
  return results;
}
