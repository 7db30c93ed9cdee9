import { stringify } from 'csv-stringify/sync';
import type { Unit } from './definition.js';
import type { Measurement } from './measurement.js';
import { roundTripTarget } from './sim-core.js';

/** One CSV row; the field names are the column names. */
export interface ReportRow {
  readonly benchmark: string;
  readonly variant: string;
  readonly unit: Unit;
  readonly ops_per_second: number;
  readonly ratio_to_reference: number;
  /** The variant of the same benchmark, measured in the same rounds, that the ratio divides by. */
  readonly reference_variant: string;
  readonly mean_ms_per_iteration: number;
  readonly rme_percent: number;
  readonly samples: number;
}

const columns: readonly (keyof ReportRow)[] = [
  'benchmark', 'variant', 'unit', 'ops_per_second', 'ratio_to_reference', 'reference_variant', 'mean_ms_per_iteration', 'rme_percent', 'samples',
];

function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

export function referenceOf(measurement: Measurement, all: readonly Measurement[]): Measurement {
  const reference = all.find((m) => m.definition.benchmark === measurement.definition.benchmark && m.definition.isReference);
  if (reference === undefined) throw new Error(`no reference variant for ${measurement.definition.benchmark}`);
  return reference;
}

/** Ratios are taken before rounding, so a rounded rate never skews them. */
export function ratioToReference(measurement: Measurement, all: readonly Measurement[]): number {
  return measurement.opsPerSecond / referenceOf(measurement, all).opsPerSecond;
}

export function reportRows(measurements: readonly Measurement[]): ReportRow[] {
  return measurements.map((m) => ({
    benchmark: m.definition.benchmark,
    variant: m.definition.variant,
    unit: m.definition.unit,
    ops_per_second: Math.round(m.opsPerSecond),
    ratio_to_reference: round(ratioToReference(m, measurements), 3),
    reference_variant: referenceOf(m, measurements).definition.variant,
    mean_ms_per_iteration: round(m.meanMsPerIteration, 3),
    rme_percent: round(m.rmePercent, 2),
    samples: m.samples,
  }));
}

export function reportCsv(rows: readonly ReportRow[]): string {
  return stringify(rows as ReportRow[], { header: true, columns: [...columns] });
}

/** What one unit is, for people: `1,234 queries` reads better than `1234 queries_per_second`. */
const unitLabels: Readonly<Record<Unit, string>> = {
  events_per_second: 'events',
  round_trips_per_second: 'round trips',
  property_runs_per_second: 'runs',
  queries_per_second: 'queries',
  simulated_seconds_per_wall_second: 'simulated s',
  seeds_per_second: 'seeds',
  operations_checked_per_second: 'operations checked',
};

/** A fixed-width table for the terminal; the CSV holds the same numbers for tools. */
export function reportTable(rows: readonly ReportRow[]): string {
  const head = ['benchmark', 'variant', 'per second', 'vs reference', 'µs per unit', 'ms/iteration', '± %', 'samples'];
  const body = rows.map((r) => [
    r.benchmark,
    r.variant,
    `${r.ops_per_second.toLocaleString('en-US')} ${unitLabels[r.unit]}`,
    `${r.ratio_to_reference.toFixed(3)}×`,
    (1e6 / r.ops_per_second).toFixed(r.ops_per_second > 1e5 ? 3 : 1),
    r.mean_ms_per_iteration.toFixed(3),
    r.rme_percent.toFixed(2),
    String(r.samples),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  // Text columns read best left-aligned, numbers right-aligned so their digits line up.
  const line = (cells: readonly string[]): string =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The round-trip target (`roundTripTarget`), said in one line that is hard to miss. */
export function targetVerdict(measurements: readonly Measurement[]): { readonly holds: boolean; readonly line: string } {
  const harness = measurements.find((m) => m.definition.benchmark === 'round trips' && m.definition.variant === roundTripTarget.variant);
  if (harness === undefined) throw new Error(`no measurement of round trips: ${roundTripTarget.variant}`);
  const ratio = ratioToReference(harness, measurements);
  const holds = ratio >= roundTripTarget.minRatioToReference;
  const line =
    `${holds ? 'PASS' : 'MISS'}: with recording off the harness runs ${ratio.toFixed(3)}× the reference loop's round trips per second ` +
    `(target ≥ ${roundTripTarget.minRatioToReference.toFixed(3)}×, a third)`;
  return { holds, line };
}
