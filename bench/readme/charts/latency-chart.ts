import type { ScenarioSummaryRow } from '../input.js';
import { msText } from '../number-text.js';
import { chartConfig, renderSvg } from './render-svg.js';

/** In the order the matrix ran them, which is the order a reader meets them in the tables. */
export function scenariosInOrder(rows: readonly { readonly scenario: string }[]): string[] {
  return [...new Set(rows.map((row) => row.scenario))];
}

const noResponse = 'no response (outcome unknown)';

/** A variant whose client never got an answer keeps its place in the chart, labelled instead of drawn. */
export function spanValue(row: ScenarioSummaryRow): { span_ms: number; label: string } {
  return row.span_ms === null ? { span_ms: 0, label: noResponse } : { span_ms: row.span_ms, label: msText(row.span_ms) };
}

/**
 * The bar is one exchange's mean latency, the tick its largest; the label adds the variant's span when it has
 * several steps, because only then does the span (idle waits between steps included) say something else.
 */
export function exchangeLatencyValue(row: ScenarioSummaryRow): { mean_ms: number; max_ms: number; label: string } {
  const mean = row.exchange_latency_mean_ms;
  const max = row.exchange_latency_max_ms;
  if (mean === null || max === null) return { mean_ms: 0, max_ms: 0, label: noResponse };
  const each = mean === max ? msText(mean) : `mean ${msText(mean)}, max ${msText(max)}`;
  const span = row.exchanges > 1 && row.span_ms !== null ? ` · ${row.exchanges} steps span ${msText(row.span_ms)}` : '';
  return { mean_ms: mean, max_ms: max, label: `${each}${span}` };
}

/**
 * Virtual latency of one exchange in each variant, one panel per scenario. Each panel has its own axes:
 * variants are only compared within their scenario, and one slow scenario must not flatten the others. A
 * variant's span is a label, not a bar: a step that waits a minute on purpose would dwarf every latency.
 */
export function latencyChart(rows: readonly ScenarioSummaryRow[]): Promise<string> {
  const values = rows.map((row) => ({ scenario: row.scenario, variant: row.variant, ...exchangeLatencyValue(row) }));
  const y = { field: 'variant', type: 'nominal', sort: null, title: null } as const;
  const x = (field: string) => ({ field, type: 'quantitative', title: 'latency of one exchange (virtual ms)' }) as const;
  return renderSvg({
    title: {
      text: 'Latency per exchange, by variant',
      subtitle: [
        'one exchange: first send to receipt of the whole response, re-sends included (virtual ms)',
        'bar: mean over the variant\'s steps, tick: the largest; span: first send to last receipt, idle waits included',
      ],
    },
    data: { values },
    facet: { row: { field: 'scenario', type: 'nominal', sort: scenariosInOrder(rows), title: null } },
    spec: {
      width: 420,
      layer: [
        { mark: { type: 'bar', color: '#4c78a8' }, encoding: { y, x: x('mean_ms') } },
        { mark: { type: 'tick', color: '#e45756', thickness: 2 }, encoding: { y, x: x('max_ms') } },
        { mark: { type: 'text', align: 'left', dx: 4, fontSize: 10 }, encoding: { y, x: x('max_ms'), text: { field: 'label', type: 'nominal' } } },
      ],
    },
    resolve: { scale: { x: 'independent', y: 'independent' } },
    config: chartConfig,
  });
}
