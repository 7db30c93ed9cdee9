import type { HarnessResult } from './harness/harness.js';
import { graphVsRest, headlineRows, notesPostUnstable, ordersOwnerCheck, type Headline } from './readme/headline-rows.js';
import type { ScaleRow, ScenarioSummaryRow, SoakRow } from './readme/input.js';
import { exchangeLatencyText, msText, numberText, ratioText } from './readme/number-text.js';

/** A plain-text table: the terminal has no Markdown. */
function textTable(head: readonly string[], rows: readonly (readonly string[])[], rightFrom = 1): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i >= rightFrom ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

function headlineTable(title: string, headline: Headline, summaries: readonly ScenarioSummaryRow[]): string {
  const { rows, missing } = headlineRows(headline, summaries);
  if (rows.length === 0) return `${title}: not in this run`;
  const figure = rows[0]!.state_figure;
  const table = textTable(
    ['variant', 'round trips', 'request B', 'response B', 'span ms', 'latency ms per exchange', 'origin', 'cache hits', figure],
    rows.map((r) => [r.variant, String(r.round_trips), numberText(r.request_bytes), numberText(r.response_bytes), msText(r.span_ms), exchangeLatencyText(r), String(r.origin_requests), String(r.cache_hits), r.state_value]),
  );
  return `${title}\n${table}${missing.length > 0 ? `\n(not in this run: ${missing.join(', ')})` : ''}`;
}

/**
 * What `npm run bench` prints at the end: the headline comparisons, the simulator's speed against its target,
 * and how it scaled. The full tables are in reports/.
 */
export function benchSummary(input: {
  readonly matrix: readonly ScenarioSummaryRow[];
  readonly harness: HarnessResult | undefined;
  readonly scale: readonly ScaleRow[];
  readonly soak?: SoakRow | undefined;
}): string {
  const parts = [
    headlineTable('Graph vs REST: the spec\'s nested sample five ways (virtual time)', graphVsRest, input.matrix),
    headlineTable('One POST on the unstable line: what each client policy leaves behind', notesPostUnstable, input.matrix),
    headlineTable('Orders: owner check against login-only', ordersOwnerCheck, input.matrix),
  ];
  if (input.harness !== undefined) {
    const rows = input.harness.rows.map((r) => [`${r.benchmark}: ${r.variant}`, `${numberText(r.ops_per_second)} ${r.unit.replaceAll('_', ' ')}`, ratioText(r.ratio_to_reference)]);
    parts.push(`The simulator's own speed (wall clock, ratio to the reference from the same rounds)\n${textTable(['variant', 'rate', 'ratio'], rows)}`);
    if (input.harness.verdict !== undefined) parts.push(input.harness.verdict.line);
  }
  if (input.scale.length > 0) {
    const rows = input.scale.map((r) => [String(r.step), r.trace_mode, r.exchanges, numberText(r.requests), numberText(r.events), numberText(r.wall_ms), numberText(r.heap_mb, 1), numberText(r.kept_trace_events)]);
    parts.push(`Scale (10x steps)\n${textTable(['step', 'trace', 'exchanges', 'requests', 'events', 'wall ms', 'heap MB', 'trace kept'], rows, 3)}`);
  }
  const soak = input.soak;
  if (soak !== undefined) {
    parts.push(
      `Soak: ${numberText(soak.requests)} requests (trace off, exchanges folded) in ${numberText(soak.wall_ms / 1_000, 1)} s ` +
        `(${numberText(soak.requests_per_wall_second)} requests per wall second), peak RSS ${numberText(soak.peak_rss_mb, 1)} MB ` +
        `(${numberText(soak.rss_before_mb, 1)} MB before), latency p50 ${msText(soak.latency_p50_ms)} / p99 ${msText(soak.latency_p99_ms)} / max ${msText(soak.latency_max_ms)} ms (virtual)`,
    );
  }
  return parts.join('\n\n');
}
