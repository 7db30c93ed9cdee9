import { graphVsRest, headlineRows } from '../headline-rows.js';
import type { ScenarioSummaryRow } from '../input.js';
import { directionColours } from './bytes-chart.js';
import { spanValue } from './latency-chart.js';
import { chartConfig, renderSvg } from './render-svg.js';

/**
 * The nested sample fetched five ways: round trips, bytes each way and the span side by side, one row per way.
 * The span (first send to last receipt) is the time to the whole sample, which is what a reader waits for.
 */
export function graphVsRestChart(summaries: readonly ScenarioSummaryRow[]): Promise<string> {
  const { rows } = headlineRows(graphVsRest, summaries);
  const variant = (axis: boolean) => ({ field: 'variant', type: 'nominal', sort: rows.map((row) => row.variant), title: null, axis: axis ? {} : null }) as const;
  const label = { type: 'text', align: 'left', dx: 3, fontSize: 10 } as const;
  return renderSvg({
    title: { text: 'Graph vs REST: the nested sample', subtitle: 'one reader fetching a user, their posts and the comments, five ways' },
    data: { values: rows.map((row) => ({ ...row, ...spanValue(row) })) },
    spacing: 24,
    hconcat: [
      {
        width: 160,
        title: 'round trips',
        layer: [
          { mark: { type: 'bar', color: '#54a24b' }, encoding: { y: variant(true), x: { field: 'round_trips', type: 'quantitative', title: null } } },
          { mark: label, encoding: { y: variant(true), x: { field: 'round_trips', type: 'quantitative' }, text: { field: 'round_trips', type: 'quantitative' } } },
        ],
      },
      {
        width: 200,
        title: 'bytes',
        transform: [{ fold: ['request_bytes', 'response_bytes'], as: ['field', 'bytes'] }, { calculate: "replace(datum.field, '_bytes', '')", as: 'direction' }],
        mark: 'bar',
        encoding: {
          y: variant(false),
          x: { field: 'bytes', type: 'quantitative', stack: 'zero', title: null },
          color: { field: 'direction', type: 'nominal', scale: directionColours, title: null },
          order: { field: 'direction', sort: 'ascending' },
        },
      },
      {
        width: 180,
        title: 'span (virtual ms)',
        layer: [
          { mark: { type: 'bar', color: '#4c78a8' }, encoding: { y: variant(false), x: { field: 'span_ms', type: 'quantitative', title: null } } },
          { mark: label, encoding: { y: variant(false), x: { field: 'span_ms', type: 'quantitative' }, text: { field: 'label', type: 'nominal' } } },
        ],
      },
    ],
    config: chartConfig,
  });
}
