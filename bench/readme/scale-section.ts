import type { ScaleRow } from './input.js';
import { markdownTable } from './markdown-table.js';
import { growthText, numberText } from './number-text.js';

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
  return (
    `Trace \`${first.trace_mode}\`, from step ${first.step} to step ${last.step}: requests ${growthText(first.requests, last.requests)}, ` +
    `events ${growthText(first.events, last.events)}, wall time ${growthText(first.wall_ms, last.wall_ms)} ` +
    `(${numberText(first.wall_ms, 1)} → ${numberText(last.wall_ms, 1)} ms), heap ${numberText(first.heap_mb, 1)} → ${numberText(last.heap_mb, 1)} MB, ` +
    `events per wall second ${numberText(first.events_per_wall_second)} → ${numberText(last.events_per_wall_second)}.`
  );
}

export function scaleSection(rows: readonly ScaleRow[]): string {
  if (rows.length === 0) return '_No scale rows in this run._';
  const table = markdownTable(
    ['step', 'clients', 'requests', 'trace', 'events', 'wall ms', 'events / wall s', 'heap MB', 'trace events kept'],
    rows.map((r) => [
      String(r.step),
      numberText(r.clients),
      numberText(r.requests),
      `\`${r.trace_mode}\``,
      numberText(r.events),
      numberText(r.wall_ms, 1),
      numberText(r.events_per_wall_second),
      numberText(r.heap_mb, 1),
      numberText(r.kept_trace_events),
    ]),
    ['right', 'right', 'right', 'left', 'right', 'right', 'right', 'right', 'right'],
  );
  const growth = growthLines(rows);
  return growth.length === 0 ? table : [table, '', ...growth.map((line) => `- ${line}`)].join('\n');
}
