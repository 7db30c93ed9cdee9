import type { Measurement } from './measure.js';

/** `ceiling`: the node:http hello-world; `apisim`: `npm start`'s server, at the workload's door. */
export type LoadTarget = 'ceiling' | 'apisim';

/** One row of `reports/load.csv`. */
export interface LoadRow {
  readonly round: number;
  readonly workload: string;
  readonly target: LoadTarget;
  readonly requests_per_second: number;
  readonly p50_ms: number;
  readonly p99_ms: number;
  readonly non_2xx: number;
  readonly errors: number;
  /** RSS of the process that served the row, just before and just after it; null where it cannot be read. */
  readonly rss_before_mb: number | null;
  readonly rss_after_mb: number | null;
  /** `requests_per_second` over the ceiling row of the same round and workload; 1 on the ceiling row. */
  readonly ratio_to_ceiling: number | null;
}

export type UnratedRow = Omit<LoadRow, 'ratio_to_ceiling'>;

export function unratedRow(round: number, workload: string, target: LoadTarget, m: Measurement, rssBeforeMb: number | undefined, rssAfterMb: number | undefined): UnratedRow {
  return {
    round,
    workload,
    target,
    requests_per_second: m.requestsPerSecond,
    p50_ms: m.p50Ms,
    p99_ms: m.p99Ms,
    non_2xx: m.non2xx,
    errors: m.errors,
    rss_before_mb: rssBeforeMb ?? null,
    rss_after_mb: rssAfterMb ?? null,
  };
}

/** Each row's rate over its ceiling's: the same round and workload, measured back to back. */
export function withCeilingRatios(rows: readonly UnratedRow[]): LoadRow[] {
  return rows.map((row) => {
    const ceiling = rows.find((r) => r.target === 'ceiling' && r.round === row.round && r.workload === row.workload);
    const ratio = ceiling === undefined || ceiling.requests_per_second === 0 ? null : row.requests_per_second / ceiling.requests_per_second;
    return { ...row, ratio_to_ceiling: ratio };
  });
}
