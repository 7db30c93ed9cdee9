import type { ScenarioSummaryRow } from '../input.js';
import { msText } from '../number-text.js';
import { chartConfig, renderSvg } from './render-svg.js';

/** In the order the matrix ran them, which is the order a reader meets them in the tables. */
export function scenariosInOrder(rows: readonly { readonly scenario: string }[]): string[] {
  return [...new Set(rows.map((row) => row.scenario))];
}

/** A variant whose client never got an answer keeps its place in the chart, labelled instead of drawn. */
export function latencyValue(row: ScenarioSummaryRow): { latency_ms: number; label: string } {
  return row.latency_ms === null ? { latency_ms: 0, label: 'no response (outcome unknown)' } : { latency_ms: row.latency_ms, label: msText(row.latency_ms) };
}

/**
 * Virtual latency of each variant, one panel per scenario. Each panel has its own axes: variants are only
 * compared within their scenario, and one slow scenario must not flatten the others.
 */
export function latencyChart(rows: readonly ScenarioSummaryRow[]): Promise<string> {
  const values = rows.map((row) => ({ scenario: row.scenario, variant: row.variant, ...latencyValue(row) }));
  const bar = { y: { field: 'variant', type: 'nominal', sort: null, title: null }, x: { field: 'latency_ms', type: 'quantitative', title: 'latency (virtual ms)' } } as const;
  return renderSvg({
    title: { text: 'Latency per variant', subtitle: 'first send to receipt of the whole response, re-sends included (virtual ms)' },
    data: { values },
    facet: { row: { field: 'scenario', type: 'nominal', sort: scenariosInOrder(rows), title: null } },
    spec: {
      width: 420,
      layer: [
        { mark: { type: 'bar', color: '#4c78a8' }, encoding: bar },
        { mark: { type: 'text', align: 'left', dx: 3, fontSize: 10 }, encoding: { ...bar, text: { field: 'label', type: 'nominal' } } },
      ],
    },
    resolve: { scale: { x: 'independent', y: 'independent' } },
    config: chartConfig,
  });
}
