import { LatencyHistogram } from '../../sim/stats/latency-histogram.js';
import { type KindLatency, latenciesByKind, type PreparedJob, prepareJob, type SeedRunSettings } from './seed-run.js';
import type { SeedOutcome } from './seed-outcome.js';
import type { SweepJob } from './sweep-job.js';

/** A contiguous run of seeds of one job: what a worker thread is handed at a time. */
export interface SeedBatch {
  readonly job: SweepJob;
  readonly first: number;
  readonly last: number;
  readonly settings: SeedRunSettings;
  /**
   * How the batch's latencies come back: `by-batch`, one histogram per request kind (little to send and to add
   * up); `by-seed`, every seed's own, when the report may end inside the batch (`--until-first-failure`).
   */
  readonly latencies: 'by-batch' | 'by-seed';
}

/** One request kind's latencies over a whole batch: an encoded histogram, and how many got no answer. */
export interface BatchLatency {
  readonly kind: string;
  readonly histogram: string;
  readonly noResponse: number;
}

export interface BatchResult {
  /** One per seed, in seed order. */
  readonly outcomes: readonly SeedOutcome[];
  readonly byBatch: readonly BatchLatency[];
  /** Each seed's latencies, beside `outcomes`; empty unless the batch asked for them. */
  readonly bySeed: readonly (readonly KindLatency[])[];
}

/** Each thread loads a job's app or target once, and every batch of that job after the first reuses it. */
const prepared = new Map<string, Promise<PreparedJob>>();

/**
 * Batches run one after another in a thread, whatever the pool hands over at once: an app's runs borrow one
 * virtual world at a time. The pool gives each thread a second batch to hold, so it never waits for the main
 * thread between two.
 */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs a batch, seed after seed: the worker thread's task (tinypool calls the default export), and the
 * in-process sweep's too. A seed's run never shares anything with another's but the loaded job: a fresh
 * simulation, origin and world every time, so its verdict is the seed's alone, in any thread.
 */
export default function runBatch(batch: SeedBatch): Promise<BatchResult> {
  const run = queue.then(() => runNow(batch));
  queue = run.catch(() => undefined);
  return run;
}

async function runNow(batch: SeedBatch): Promise<BatchResult> {
  const key = JSON.stringify(batch.job);
  let job = prepared.get(key);
  if (job === undefined) prepared.set(key, (job = prepareJob(batch.job)));
  const ready = await job;
  const outcomes: SeedOutcome[] = [];
  const bySeed: KindLatency[][] = [];
  const kinds = new Map<string, { histogram: LatencyHistogram; noResponse: number }>();
  for (let seed = batch.first; seed <= batch.last; seed++) {
    const run = await ready.run(seed, batch.settings);
    outcomes.push(run.outcome);
    const latencies = latenciesByKind(run.exchanges);
    if (batch.latencies === 'by-seed') bySeed.push(latencies);
    else {
      for (const { kind, latenciesUs, noResponse } of latencies) {
        let entry = kinds.get(kind);
        if (entry === undefined) kinds.set(kind, (entry = { histogram: new LatencyHistogram(), noResponse: 0 }));
        for (const us of latenciesUs) entry.histogram.record(us);
        entry.noResponse += noResponse;
      }
    }
  }
  const byBatch = [...kinds].map(([kind, { histogram, noResponse }]) => ({ kind, histogram: histogram.encode(), noResponse }));
  return { outcomes, byBatch, bySeed };
}
