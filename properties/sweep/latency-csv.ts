import { stringify } from 'csv-stringify/sync';
import { LatencyHistogram } from '../../sim/stats/latency-histogram.js';
import { parseRows } from './sweep-csv.js';
import type { LatencyRow } from './sweep.js';

/**
 * `latency-distribution.csv`: per scenario (or principle), fault mix and request kind, the answered exchanges'
 * latency percentiles and how many got no answer, over every seed of the sweep. The last column is the HDR
 * histogram itself (compressed, base64), so that shards' files add up exactly (`--merge`) and a chart can
 * draw the whole distribution.
 */
const columns = ['target', 'faults', 'request', 'count', 'no_response', 'p50_ms', 'p90_ms', 'p99_ms', 'p999_ms', 'max_ms', 'histogram'] as const;

export function latencyCsv(rows: readonly LatencyRow[]): string {
  return stringify(rows.map((r) => {
    const s = r.histogram.summary();
    return [r.target, r.faults, r.request, s.count, r.noResponse, s.p50Ms, s.p90Ms, s.p99Ms, s.p999Ms, s.maxMs, r.histogram.encode()];
  }), { header: true, columns: [...columns] });
}

export function readLatencyCsv(text: string, file: string): LatencyRow[] {
  return parseRows(text, file, columns).map((r) => ({
    target: r.target!, faults: r.faults!, request: r.request!, noResponse: Number(r.no_response), histogram: LatencyHistogram.decode(r.histogram!),
  }));
}
