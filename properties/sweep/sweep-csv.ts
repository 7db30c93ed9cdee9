import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { UserError } from '../../sim/user-error.js';
import type { SeedOutcome, SeedVerdict } from './seed-outcome.js';

/** `sweep.csv`: a row per seed, in run order. `findings` joins a seed's lines with ` | `. */
const columns = [
  'seed', 'target', 'faults', 'verdict', 'findings', 'trace_hash', 'events', 'virtual_ms', 'exchanges', 'no_response',
  'latency_p50_ms', 'latency_p99_ms', 'latency_max_ms', 'counterexample', 'replay',
] as const;

export function sweepCsv(outcomes: readonly SeedOutcome[]): string {
  return stringify(outcomes.map((o) => [
    o.seed, o.target, o.faults, o.verdict, o.findings.join(' | '), o.traceHash, o.events, o.virtualMs, o.exchanges, o.noResponse,
    o.latencyP50Ms ?? '', o.latencyP99Ms ?? '', o.latencyMaxMs ?? '', o.counterexample, o.replay,
  ]), { header: true, columns: [...columns] });
}

/** A file `--merge` was given that is not a sweep's. */
export class SweepFileError extends UserError {}

/** Reads a `sweep.csv` back, for `--merge`; a file of another shape is refused by name. */
export function readSweepCsv(text: string, file: string): SeedOutcome[] {
  const rows = parseRows(text, file, columns);
  return rows.map((r) => ({
    seed: Number(r.seed), target: r.target!, faults: r.faults!, verdict: r.verdict as SeedVerdict, findings: r.findings === '' ? [] : r.findings!.split(' | '),
    traceHash: r.trace_hash!, events: Number(r.events), virtualMs: Number(r.virtual_ms), exchanges: Number(r.exchanges), noResponse: Number(r.no_response),
    latencyP50Ms: optionalNumber(r.latency_p50_ms!), latencyP99Ms: optionalNumber(r.latency_p99_ms!), latencyMaxMs: optionalNumber(r.latency_max_ms!),
    counterexample: r.counterexample!, replay: r.replay!,
  }));
}

export function parseRows(text: string, file: string, expected: readonly string[]): Record<string, string>[] {
  let rows: Record<string, string>[];
  try {
    rows = parse<Record<string, string>>(text, { columns: true, skip_empty_lines: true });
  } catch (error) {
    throw new SweepFileError(`${file} is not a CSV file: ${(error as Error).message}`);
  }
  const header = text.slice(0, text.indexOf('\n')).split(',');
  const missing = expected.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new SweepFileError(`${file} is not a sweep's file: it has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}`);
  return rows;
}

function optionalNumber(text: string): number | null {
  return text === '' ? null : Number(text);
}
