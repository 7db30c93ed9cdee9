import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readLatencyCsv } from './latency-csv.js';
import type { SeedOutcome } from './seed-outcome.js';
import { readSweepCsv, SweepFileError } from './sweep-csv.js';
import { type LatencyRow, sortLatencyRows } from './sweep.js';

export interface MergedSweep {
  readonly outcomes: readonly SeedOutcome[];
  readonly latencies: readonly LatencyRow[];
  /** The latency files that were added up (beside each sweep.csv, or named). */
  readonly latencyFiles: readonly string[];
}

export const latencyFileName = 'latency-distribution.csv';

/**
 * The outputs of several sweeps (the shards of a CI matrix) as one: their seeds side by side in run order,
 * and their latency histograms added. A file is a `sweep.csv` or a `latency-distribution.csv`, told apart by
 * its columns; for a sweep.csv given alone, the latency-distribution.csv beside it is taken too. The shards
 * must be disjoint: a seed in two files would be counted twice in the latencies, so it is refused, naming
 * both files, and so is a seed whose two rows disagree (shards run on different versions).
 */
export function mergeSweeps(files: readonly string[]): MergedSweep {
  if (files.length === 0) throw new SweepFileError('--merge needs the files to merge: npm run sweep -- --merge shard-1/sweep.csv shard-2/sweep.csv');
  const seen = new Map<string, { outcome: SeedOutcome; file: string }>();
  const latencyFiles: string[] = [];
  const sweepFiles: { readonly file: string; readonly text: string }[] = [];
  for (const file of files) {
    const text = readText(file);
    if (text.slice(0, text.indexOf('\n')).split(',').includes('histogram')) latencyFiles.push(file);
    else sweepFiles.push({ file, text });
  }
  for (const { file, text } of sweepFiles) {
    for (const outcome of readSweepCsv(text, file)) {
      const key = `${outcome.target}\u0000${outcome.faults}\u0000${outcome.seed}`;
      const before = seen.get(key);
      if (before !== undefined) {
        const same = JSON.stringify(before.outcome) === JSON.stringify(outcome);
        throw new SweepFileError(
          `seed ${outcome.seed} of ${outcome.target} (faults ${outcome.faults}) is in ${before.file} and in ${file}` +
            (same ? ': shards must not overlap (give each machine its own --shard i/n)' : `, with different results (${before.outcome.verdict}, trace ${before.outcome.traceHash.slice(0, 12)} against ${outcome.verdict}, trace ${outcome.traceHash.slice(0, 12)}): were they run on different versions?`),
        );
      }
      seen.set(key, { outcome, file });
    }
    const beside = join(dirname(file), latencyFileName);
    if (!latencyFiles.some((f) => dirname(f) === dirname(file)) && existsSync(beside)) latencyFiles.push(beside);
  }
  const outcomes = runOrder([...seen.values()].map((s) => s.outcome));
  return { outcomes, latencies: sortLatencyRows(addLatencies(latencyFiles), [...new Set(outcomes.map((o) => o.faults))]), latencyFiles };
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new SweepFileError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** Targets and fault mixes in the order they first appear, seeds ascending within each: a single sweep's order. */
function runOrder(outcomes: readonly SeedOutcome[]): SeedOutcome[] {
  const jobs = new Map<string, number>();
  for (const o of outcomes) if (!jobs.has(`${o.target}\u0000${o.faults}`)) jobs.set(`${o.target}\u0000${o.faults}`, jobs.size);
  const job = (o: SeedOutcome) => jobs.get(`${o.target}\u0000${o.faults}`)!;
  return [...outcomes].sort((a, b) => job(a) - job(b) || a.seed - b.seed);
}

function addLatencies(files: readonly string[]): LatencyRow[] {
  const rows = new Map<string, LatencyRow & { noResponse: number }>();
  for (const file of files) {
    for (const row of readLatencyCsv(readText(file), file)) {
      const key = `${row.target}\u0000${row.faults}\u0000${row.request}`;
      const into = rows.get(key);
      // Each row's histogram was decoded from its file just now: the first of a key can be added to in place.
      if (into === undefined) rows.set(key, { ...row });
      else {
        into.histogram.add(row.histogram);
        into.noResponse += row.noResponse;
      }
    }
  }
  return [...rows.values()];
}
