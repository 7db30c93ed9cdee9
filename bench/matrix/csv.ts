import { stringify } from 'csv-stringify/sync';
import type { MatrixRow, VariantSummary } from './rows.js';

/** The column order of `reports/scenarios.csv`: who and what, then what came back, then the cost, then the state. */
export const matrixColumns = [
  'scenario', 'variant', 'seed', 'step', 'phase', 'client', 'auth', 'method', 'path', 'status', 'attempts', 'outcome',
  'start_ms', 'latency_ms', 'request_bytes', 'response_bytes', 'origin_requests', 'cache_hits', 'state_figure', 'state_value',
] as const satisfies readonly (keyof MatrixRow)[];

/** The column order of `reports/scenario-summary.csv`. */
export const summaryColumns = [
  'scenario', 'variant', 'seed', 'exchanges', 'round_trips', 'request_bytes', 'response_bytes', 'span_ms',
  'exchange_latency_mean_ms', 'exchange_latency_max_ms', 'origin_requests', 'cache_hits', 'state_figure', 'state_value',
] as const satisfies readonly (keyof VariantSummary)[];

/**
 * Every cell as text, so the bytes never depend on how a number happens to print: milliseconds with exactly
 * three decimals (virtual time is whole microseconds), counts as integers, nothing as an empty cell.
 */
function cell(column: string, value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (column.endsWith('_ms')) return value.toFixed(3);
  if (!Number.isSafeInteger(value)) throw new Error(`${column}: ${value} is not a whole number`);
  return String(value);
}

function table<T>(records: readonly T[], columns: readonly (keyof T & string)[]): string {
  const cells = records.map((record) => columns.map((column) => cell(column, record[column] as string | number | null)));
  // `\n` line ends and quotes only where needed: the same bytes on every platform.
  return stringify(cells, { header: true, columns: [...columns], record_delimiter: 'unix' });
}

export function matrixCsv(rows: readonly MatrixRow[]): string {
  return table(rows, matrixColumns);
}

export function summaryCsv(summaries: readonly VariantSummary[]): string {
  return table(summaries, summaryColumns);
}
