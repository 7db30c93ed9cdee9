import type { SeedOutcome } from './seed-outcome.js';
import { failed } from './seed-outcome.js';
import type { LatencyRow, SweepProgress } from './sweep.js';

const n = (x: number) => x.toLocaleString('en-US');

/** The progress line: seeds done, the rate, failures so far, and the time left at that rate. */
export function progressLine(p: SweepProgress): string {
  const rate = p.seedsDone / Math.max(p.elapsedMs / 1000, 1e-3);
  const leftS = rate === 0 ? Number.POSITIVE_INFINITY : (p.seedsTotal - p.seedsDone) / rate;
  return `sweep: ${n(p.seedsDone)}/${n(p.seedsTotal)} seeds · ${n(Math.round(rate))} seeds/s · ${n(p.failures)} failing · ${p.seedsDone === p.seedsTotal ? 'done' : `about ${duration(leftS)} left`}`;
}

export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown time';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}

/** What failed, seed by seed in run order, each with what did not hold and the command that replays it. */
export function failureList(outcomes: readonly SeedOutcome[]): string[] {
  const failing = outcomes.filter(failed);
  if (failing.length === 0) return [];
  const targets = new Set(failing.map((o) => `${o.target} ${o.faults}`)).size > 1;
  const lines = ['Failing seeds, each with the command that replays it:'];
  for (const o of failing) {
    lines.push(`  seed ${o.seed}${targets ? ` of ${o.target}${o.faults === 'as-written' || o.faults === 'drawn' ? '' : ` (faults ${o.faults})`}` : ''}: ${o.verdict}, ${o.findings.join('; ')}`);
    lines.push(`    ${o.replay === '' ? '(no replay command: see the findings)' : o.replay}`);
  }
  return lines;
}

/** The latency table: percentiles of answered exchanges per request kind, and how many got no answer. */
export function latencyTable(rows: readonly LatencyRow[]): string[] {
  if (rows.length === 0) return [];
  const head = ['target', 'faults', 'request', 'answered', 'p50 ms', 'p90 ms', 'p99 ms', 'p99.9 ms', 'max ms', 'no answer'];
  const ms = (x: number) => x.toFixed(3);
  const body = rows.map((r) => {
    const s = r.histogram.summary();
    return [r.target, r.faults, r.request, n(s.count), ms(s.p50Ms), ms(s.p90Ms), ms(s.p99Ms), ms(s.p999Ms), ms(s.maxMs), n(r.noResponse)];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: readonly string[]) => `  ${cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd()}`;
  return ['Latency of answered exchanges, first send to whole response, re-sends included (HDR histogram, 3 significant digits):', line(head), ...body.map(line)];
}

/** The verdict counts in words: `1,894 passed, 106 failed, 2 undecided`. */
export function verdictCounts(outcomes: readonly SeedOutcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o.verdict, (counts.get(o.verdict) ?? 0) + 1);
  const words: Record<string, string> = { pass: 'passed', fail: 'failed', unrun: 'could not run', undecided: 'undecided', error: 'ended in an error' };
  return ['pass', 'fail', 'unrun', 'undecided', 'error'].filter((v) => counts.has(v)).map((v) => `${n(counts.get(v)!)} ${words[v]}`).join(', ') || 'no seeds';
}
