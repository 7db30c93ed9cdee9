import { graphVsRest, type Headline, headlineRows, notesPostUnstable, ordersOwnerCheck } from './headline-rows.js';
import type { ScenarioSummaryRow } from './input.js';
import { markdownTable } from './markdown-table.js';
import { exchangeLatencyText, msText, numberText } from './number-text.js';

/** The columns every headline shares; the state figure is what tells the variants apart. */
function headlineTable(headline: Headline, summaries: readonly ScenarioSummaryRow[], lead: string): string {
  const { rows, missing } = headlineRows(headline, summaries);
  const out = [lead, ''];
  if (rows.length === 0) {
    out.push(`_No rows for scenario \`${headline.scenario}\` in this run._`);
    return out.join('\n');
  }
  const figure = [...new Set(rows.map((row) => row.state_figure))].join(' / ');
  out.push(
    markdownTable(
      ['variant', 'what it does', 'round trips', 'request B', 'response B', 'span ms', 'latency ms per exchange', 'origin requests', 'cache hits', figure],
      rows.map((row) => [
        `\`${row.variant}\``,
        headline.variants[row.variant] ?? '',
        numberText(row.round_trips),
        numberText(row.request_bytes),
        numberText(row.response_bytes),
        msText(row.span_ms),
        exchangeLatencyText(row),
        numberText(row.origin_requests),
        numberText(row.cache_hits),
        row.state_value,
      ]),
      ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    ),
  );
  if (missing.length > 0) out.push('', `_Not in this run: ${missing.map((v) => `\`${v}\``).join(', ')}._`);
  return out.join('\n');
}

export function headlineTables(summaries: readonly ScenarioSummaryRow[]): string {
  return [
    '### Graph vs REST',
    '',
    headlineTable(
      graphVsRest,
      summaries,
      'The spec\'s nested sample (a user, their posts, the comments) fetched five ways by one client on one WAN line. REST needs a request per list and answers whole records; the graph answers exactly the requested fields in one round trip; the persisted GET can be answered by the shared cache.',
    ),
    '',
    '### Notes: one POST on the unstable line',
    '',
    headlineTable(
      notesPostUnstable,
      summaries,
      'The line loses the first response of each exchange. What the client does next decides how many notes the origin ends with (`notes_count`).',
    ),
    '',
    '### Orders: owner check against login-only',
    '',
    headlineTable(
      ordersOwnerCheck,
      summaries,
      'Alice owns order 121; bob reads it and tries to change its address. `order_121_address` at the end shows what login-only gave away.',
    ),
  ].join('\n');
}
