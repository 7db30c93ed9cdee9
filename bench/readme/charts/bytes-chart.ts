import type { ScenarioSummaryRow } from '../input.js';
import { scenariosInOrder } from './latency-chart.js';
import { chartConfig, renderSvg } from './render-svg.js';

export const directionColours = { domain: ['request', 'response'], range: ['#f58518', '#4c78a8'] };

/** Request and response bytes on the WAN per variant, stacked, one panel per scenario. */
export function bytesChart(rows: readonly ScenarioSummaryRow[]): Promise<string> {
  const values = rows.flatMap((row) => [
    { scenario: row.scenario, variant: row.variant, direction: 'request', bytes: row.request_bytes },
    { scenario: row.scenario, variant: row.variant, direction: 'response', bytes: row.response_bytes },
  ]);
  return renderSvg({
    title: { text: 'Bytes on the wire per variant', subtitle: 'JSON body bytes on the WAN, every copy counted (re-sends and lost messages too)' },
    data: { values },
    facet: { row: { field: 'scenario', type: 'nominal', sort: scenariosInOrder(rows), title: null } },
    spec: {
      width: 420,
      mark: 'bar',
      encoding: {
        y: { field: 'variant', type: 'nominal', sort: null, title: null },
        x: { field: 'bytes', type: 'quantitative', stack: 'zero', title: 'bytes' },
        color: { field: 'direction', type: 'nominal', scale: directionColours, title: null },
        order: { field: 'direction', sort: 'ascending' },
      },
    },
    resolve: { scale: { x: 'independent', y: 'independent' } },
    config: chartConfig,
  });
}
