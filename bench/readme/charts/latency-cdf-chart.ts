import type { LatencyDistributionRow } from '../input.js';
import { cdfTopNines, ninesLabels, ninesOf } from '../../../sim/stats/latency-histogram.js';
import { chartConfig, renderSvg } from './render-svg.js';

/** The scenario the bench sweeps under growing loss: its rows are the chart's, and the README's latency table. */
export const latencySweepTarget = 'latency-mix';

/** `none` reads as `0% loss`, `loss=5%` as `5% loss`; any other mix as it is written. */
export function lossText(faults: string): string {
  if (faults === 'none') return '0% loss';
  const match = /^loss=([\d.]+%)$/.exec(faults);
  return match === null ? faults : `${match[1]} loss`;
}

/**
 * The CDF of one request kind's latency at each loss level, a panel per kind: share of answered exchanges
 * answered within x. Each re-send waits out the client's timeout, so the curves climb in steps about 500 ms
 * apart, and the loss level sets how many exchanges are left for each step. Drawn from the HDR histograms of
 * `latency-distribution.csv`, not from the seeds' rows.
 */
export function latencyCdfChart(rows: readonly LatencyDistributionRow[]): Promise<string> {
  const swept = rows.filter((row) => row.target === latencySweepTarget);
  const values = swept.flatMap((row) => {
    const points = row.histogram.cdf();
    const first = points[0];
    // The curve starts at 0 at the fastest latency and rises there, as a CDF of discrete values does.
    const start = first === undefined ? [] : [{ latencyUs: first.latencyUs, share: 0 }];
    return [...start, ...points].map((p, step) => ({ request: row.request, loss: lossText(row.faults), step, latency_ms: p.latencyUs / 1000, nines: ninesOf(p.share) }));
  });
  const losses = [...new Set(swept.map((row) => lossText(row.faults)))];
  const requests = [...new Set(swept.map((row) => row.request))];
  return renderSvg({
    title: {
      text: `Latency CDF under loss: ${latencySweepTarget}, by request kind`,
      subtitle: [
        'every seed of the sweep; loss on both directions of the WAN; answered exchanges only (the rest are counted in the README\'s table)',
        'y: share answered within x, stretched towards 100% (each gridline one more nine); the top line holds the largest latency',
      ],
    },
    data: { values },
    facet: { row: { field: 'request', type: 'nominal', sort: requests, title: null } },
    spec: {
      width: 420,
      height: 150,
      mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.5 },
      encoding: {
        x: { field: 'latency_ms', type: 'quantitative', scale: { zero: false }, title: 'latency, first send to whole response, re-sends included (virtual ms)' },
        y: {
          field: 'nines',
          type: 'quantitative',
          scale: { domain: [0, cdfTopNines] },
          axis: { values: ninesLabels.map((_, i) => i), labelExpr: `[${ninesLabels.map((l) => `'${l}'`).join(', ')}][datum.value]` },
          title: 'answered within x',
        },
        color: { field: 'loss', type: 'nominal', sort: losses, scale: { range: ['#4c78a8', '#54a24b', '#f58518', '#e45756'] }, title: 'WAN loss, each way' },
        // Along the curve: its first two points share a latency, and must be drawn bottom first.
        order: { field: 'step', type: 'quantitative' },
      },
    },
    config: chartConfig,
  });
}
