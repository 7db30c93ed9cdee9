import type { ScaleRow, SoakRow } from './input.js';
import { markdownTable } from './markdown-table.js';
import { growthText, msText, numberText } from './number-text.js';

/**
 * First step to last in one sentence per trace mode (rows of different modes are different runs): if wall
 * time grows like the events, the cost per event is flat (the simulator scales linearly); the heap of `full`
 * beside `full-unbounded` shows the trace bound at work.
 */
export function growthLines(rows: readonly ScaleRow[]): string[] {
  const modes = [...new Set(rows.map((r) => r.trace_mode))];
  return modes.map((mode) => growthLine(rows.filter((r) => r.trace_mode === mode))).filter((line) => line !== '');
}

export function growthLine(rows: readonly ScaleRow[]): string {
  const first = rows[0];
  const last = rows.at(-1);
  if (first === undefined || last === undefined || first === last) return '';
  // The heap of a folding step holds no exchanges: beside a keeping step's, it is not the same quantity grown.
  const folding = rows.find((r) => r.exchanges === 'folded' && first.exchanges !== 'folded');
  return (
    `Trace \`${first.trace_mode}\`, from step ${first.step} to step ${last.step}: requests ${growthText(first.requests, last.requests)}, ` +
    `events ${growthText(first.events, last.events)}, wall time ${growthText(first.wall_ms, last.wall_ms)} ` +
    `(${numberText(first.wall_ms, 1)} → ${numberText(last.wall_ms, 1)} ms), heap ${numberText(first.heap_mb, 1)} → ${numberText(last.heap_mb, 1)} MB` +
    `${folding === undefined ? '' : ` (exchanges folded from step ${folding.step})`}, ` +
    `events per wall second ${numberText(first.events_per_wall_second)} → ${numberText(last.events_per_wall_second)}.`
  );
}

export function scaleSection(rows: readonly ScaleRow[]): string {
  if (rows.length === 0) return '_No scale rows in this run._';
  const table = markdownTable(
    ['step', 'clients', 'requests', 'trace', 'exchanges', 'events', 'wall ms', 'events / wall s', 'heap MB', 'trace events kept'],
    rows.map((r) => [
      String(r.step),
      numberText(r.clients),
      numberText(r.requests),
      `\`${r.trace_mode}\``,
      r.exchanges,
      numberText(r.events),
      numberText(r.wall_ms, 1),
      numberText(r.events_per_wall_second),
      numberText(r.heap_mb, 1),
      numberText(r.kept_trace_events),
    ]),
    ['right', 'right', 'right', 'left', 'left', 'right', 'right', 'right', 'right', 'right'],
  );
  const growth = growthLines(rows);
  const folded = rows.some((r) => r.exchanges === 'folded')
    ? 'A `folded` step keeps no exchange: each is folded into the run\'s tally (counts and a latency histogram) as it finishes; a `kept` step keeps every one to the end, as a scenario does.'
    : '';
  return [table, ...(growth.length === 0 ? [] : ['', ...growth.map((line) => `- ${line}`)]), ...(folded === '' ? [] : ['', folded])].join('\n');
}

/**
 * The soak in a sentence and a table: how long ten million requests took on this machine, and the most memory
 * the process held while running them.
 */
export function soakSection(row: SoakRow | undefined): string {
  if (row === undefined) return '_No soak in this run: `npm run bench -- --soak` runs it (several minutes)._';
  const table = markdownTable(
    ['clients', 'requests', 'events', 'virtual h', 'wall s', 'requests / wall s', 'RSS before MB', 'peak RSS MB', 'heap after MB', 'p50 ms', 'p99 ms', 'max ms'],
    [[
      numberText(row.clients), numberText(row.requests), numberText(row.events), numberText(row.virtual_ms / 3_600_000, 2), numberText(row.wall_ms / 1_000, 1),
      numberText(row.requests_per_wall_second), numberText(row.rss_before_mb, 1), numberText(row.peak_rss_mb, 1), numberText(row.heap_after_mb, 1),
      msText(row.latency_p50_ms), msText(row.latency_p99_ms), msText(row.latency_max_ms),
    ]],
    Array.from({ length: 12 }, () => 'right' as const),
  );
  return [
    `From \`soak.csv\`: ${numberText(row.requests)} requests of the mixed traffic (graph queries included) with the trace off and the exchanges folded, ` +
      'in slices of virtual time with the process\'s RSS read between them. Latencies are virtual, from the folded histogram.',
    '',
    table,
  ].join('\n');
}
