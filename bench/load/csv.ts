import { stringify } from 'csv-stringify/sync';
import type { LoadRow } from './rows.js';

export const loadColumns = [
  'round', 'workload', 'target', 'requests_per_second', 'p50_ms', 'p99_ms', 'non_2xx', 'errors', 'rss_before_mb', 'rss_after_mb', 'ratio_to_ceiling',
] as const satisfies readonly (keyof LoadRow)[];

/** Wall-clock numbers, so no more digits than they carry: whole requests a second, µs, 0.1 MB, a ratio to 0.001. */
function cell(column: (typeof loadColumns)[number], value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (column === 'requests_per_second') return value.toFixed(0);
  if (column.endsWith('_ms')) return value.toFixed(3);
  if (column.endsWith('_mb')) return value.toFixed(1);
  if (column === 'ratio_to_ceiling') return value.toFixed(3);
  return String(value);
}

export function loadCsv(rows: readonly LoadRow[]): string {
  return stringify([[...loadColumns], ...rows.map((row) => loadColumns.map((column) => cell(column, row[column])))], { record_delimiter: '\n' });
}
