import { LatencyHistogram } from '../../sim/stats/latency-histogram.js';
import type { KindLatency, SeedRunSettings } from './seed-run.js';
import { failed, type SeedOutcome } from './seed-outcome.js';
import { type SeedRange, seedCount } from './seed-range.js';
import { jobFaults, type SweepJob } from './sweep-job.js';
import type { BatchResult, SeedBatch } from './sweep-worker.js';
import type { BatchRunner } from './worker-pool.js';

export interface SweepOptions {
  /** Each job runs every seed of the range; jobs one after the other (a scenario under each fault mix). */
  readonly jobs: readonly SweepJob[];
  readonly seeds: SeedRange;
  readonly runner: BatchRunner;
  /** Batches in flight at once: enough to keep every worker busy while results come back. */
  readonly parallelism: number;
  readonly settings: SeedRunSettings;
  /** Stop at the first failing seed, in run order (job by job, seed by seed), whatever the workers' timing. */
  readonly untilFirstFailure: boolean;
  /** Start no batch after this much wall time; the batches already started finish. */
  readonly timeBudgetMs: number | undefined;
  readonly onProgress?: (progress: SweepProgress) => void;
  /** Each failing seed as soon as its batch is back, for a live list; the report orders them. */
  readonly onFailure?: (outcome: SeedOutcome) => void;
}

export interface SweepProgress {
  readonly seedsDone: number;
  readonly seedsTotal: number;
  readonly failures: number;
  readonly elapsedMs: number;
}

/** The latencies of one request kind, under one job (target and fault mix), over every seed reported. */
export interface LatencyRow {
  readonly target: string;
  readonly faults: string;
  readonly request: string;
  readonly histogram: LatencyHistogram;
  readonly noResponse: number;
}

export interface SweepReport {
  /** Every seed reported, in run order: job by job, seed by seed. */
  readonly outcomes: readonly SeedOutcome[];
  readonly latencies: readonly LatencyRow[];
  readonly seedsPlanned: number;
  readonly wallMs: number;
  /** Why it ended: every seed ran, a seed failed (`--until-first-failure`), or the time budget ran out. */
  readonly stopped: 'done' | 'first-failure' | 'time-budget';
}

/**
 * Runs every seed of every job, in batches on the runner, and reports them in run order. The batches are a
 * function of the range alone (not of the number of workers), and results are put back in their place, so
 * the same seeds give the same report on one worker or many: only the wall time differs. With
 * `untilFirstFailure`, no batch after the first failing one is started, every batch before it is awaited, and
 * the report ends at that seed, so "how many seeds it took" is the same on any number of workers.
 */
export async function runSweep(options: SweepOptions): Promise<SweepReport> {
  const startedMs = performance.now();
  const batches = planBatches(options.jobs, options.seeds, options.settings, options.untilFirstFailure ? 'by-seed' : 'by-batch');
  const seedsPlanned = batches.reduce((n, b) => n + b.last - b.first + 1, 0);
  const results: (BatchResult | undefined)[] = batches.map(() => undefined);
  let next = 0;
  let seedsDone = 0;
  let failures = 0;
  /** The index of the earliest batch known to hold a failure: no batch after it is started. */
  let firstFailingBatch = Number.POSITIVE_INFINITY;
  let budgetSpent = false;
  const inFlight = new Set<Promise<void>>();
  const mayStart = () => {
    if (next >= batches.length || next > firstFailingBatch) return false;
    if (options.timeBudgetMs !== undefined && performance.now() - startedMs >= options.timeBudgetMs) budgetSpent = true;
    return !budgetSpent;
  };
  while (mayStart() || inFlight.size > 0) {
    while (inFlight.size < options.parallelism && mayStart()) {
      const index = next++;
      const task = options.runner.run(batches[index]!).then((result) => {
        results[index] = result;
        seedsDone += result.outcomes.length;
        const failing = result.outcomes.filter(failed);
        failures += failing.length;
        for (const outcome of failing) options.onFailure?.(outcome);
        if (failing.length > 0 && options.untilFirstFailure) firstFailingBatch = Math.min(firstFailingBatch, index);
        options.onProgress?.({ seedsDone, seedsTotal: seedsPlanned, failures, elapsedMs: performance.now() - startedMs });
      });
      const settled = task.finally(() => inFlight.delete(settled));
      inFlight.add(settled);
    }
    if (inFlight.size > 0) await Promise.race(inFlight);
  }
  // A time budget leaves the batches it never started; those it did are whole, and in order up to the gap.
  const gap = results.indexOf(undefined);
  const whole = (gap === -1 ? results : results.slice(0, gap)) as BatchResult[];
  const stopped: SweepReport['stopped'] = gap === -1 ? 'done' : 'time-budget';
  const outcomes = whole.flatMap((r) => r.outcomes);
  const first = options.untilFirstFailure ? outcomes.findIndex(failed) : -1;
  if (first === -1) {
    return { outcomes, latencies: latencyRows(options.jobs, whole), seedsPlanned, wallMs: performance.now() - startedMs, stopped };
  }
  // The report ends at the first failing seed, inside its batch: the latencies of exactly the seeds up to it.
  const seeds = whole.flatMap((r) => r.outcomes.map((outcome, i) => ({ outcome, latencies: r.bySeed[i]! }))).slice(0, first + 1);
  return { outcomes: outcomes.slice(0, first + 1), latencies: latencyRowsBySeed(options.jobs, seeds), seedsPlanned, wallMs: performance.now() - startedMs, stopped: 'first-failure' };
}

/**
 * Batches of a few seeds each: small enough that the workers share the work evenly and progress moves, large
 * enough that handing them over costs little beside the runs. A function of the range alone.
 */
export function planBatches(jobs: readonly SweepJob[], seeds: SeedRange, settings: SeedRunSettings, latencies: SeedBatch['latencies']): SeedBatch[] {
  const size = Math.min(50, Math.max(1, Math.ceil(seedCount(seeds) / 200)));
  const batches: SeedBatch[] = [];
  for (const job of jobs) {
    for (let first = seeds.first; first <= seeds.last; first += size) batches.push({ job, first, last: Math.min(seeds.last, first + size - 1), settings, latencies });
  }
  return batches;
}

type Rows = Map<string, { target: string; faults: string; request: string; histogram: LatencyHistogram; noResponse: number }>;

function rowOf(rows: Rows, target: string, faults: string, request: string) {
  const key = `${target}\u0000${faults}\u0000${request}`;
  let row = rows.get(key);
  if (row === undefined) rows.set(key, (row = { target, faults, request, histogram: new LatencyHistogram(), noResponse: 0 }));
  return row;
}

/** Each batch's histograms added up, by the job the batch ran (all its seeds share their target and faults). */
function latencyRows(jobs: readonly SweepJob[], batches: readonly BatchResult[]): LatencyRow[] {
  const rows: Rows = new Map();
  for (const { outcomes, byBatch } of batches) {
    const { target, faults } = outcomes[0]!;
    for (const { kind, histogram, noResponse } of byBatch) {
      const row = rowOf(rows, target, faults, kind);
      row.histogram.add(LatencyHistogram.decode(histogram));
      row.noResponse += noResponse;
    }
  }
  return sortLatencyRows([...rows.values()], jobs.map(jobFaults));
}

function latencyRowsBySeed(jobs: readonly SweepJob[], seeds: readonly { readonly outcome: SeedOutcome; readonly latencies: readonly KindLatency[] }[]): LatencyRow[] {
  const rows: Rows = new Map();
  for (const { outcome, latencies } of seeds) {
    for (const { kind, latenciesUs, noResponse } of latencies) {
      const row = rowOf(rows, outcome.target, outcome.faults, kind);
      for (const us of latenciesUs) row.histogram.record(us);
      row.noResponse += noResponse;
    }
  }
  return sortLatencyRows([...rows.values()], jobs.map(jobFaults));
}

/**
 * By target, then fault mix in the order the jobs ran them, then request kind: the same order however the
 * seeds were run, and for shards merged (`merge.ts`).
 */
export function sortLatencyRows<Row extends LatencyRow>(rows: Row[], faultsOrder: readonly string[]): Row[] {
  const order = (faults: string) => faultsOrder.indexOf(faults);
  return rows.sort((a, b) => compare(a.target, b.target) || order(a.faults) - order(b.faults) || compare(a.request, b.request));
}

/** By code unit, not by locale: the order must not depend on the machine's language settings. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
