import { fetchAdapterTarget } from '../../harness/guest-adapters.js';
import { roundTripTarget } from '../../harness/sim-core.js';
import { sweepSpeedTarget } from '../../harness/sweep-speed.js';
import { targetPropertyTarget } from '../../harness/target-property-runs.js';
import type { HarnessRow } from '../input.js';
import { chartConfig, renderSvg } from './render-svg.js';

/** The dashed line of a benchmark's panel: its speed goal, where it has one. */
const targets: Readonly<Record<string, number>> = {
  'round trips': roundTripTarget.minRatioToReference,
  'adapter round trips': fetchAdapterTarget.minRatioToReference,
  'property runs through a target: keyed POST once': targetPropertyTarget.minRatioToReference,
  // The goal is for 2 workers on 2 cores; on a bigger machine the panel shows more workers against it.
  sweep: sweepSpeedTarget.minRatioToReference,
};

/**
 * Each variant's rate over its benchmark's reference loop, measured in the same run (only ratios from one
 * run compare). The round-trip panel carries the target line: recording off must reach a third; the
 * adapter panel the fetch adapter's goal.
 */
export function harnessChart(rows: readonly HarnessRow[]): Promise<string> {
  const values = rows.map((row) => ({
    benchmark: row.benchmark,
    variant: row.variant,
    ratio: row.ratio_to_reference,
    role: row.variant === row.reference_variant ? 'reference' : 'simulator',
    target: targets[row.benchmark] ?? null,
  }));
  // No label limit: the variants have long names (`property (generate, simulate, check)`), and Vega's default
  // of 180 px cut them to `property (generate,…`; the chart grows to the left instead.
  const bar = { y: { field: 'variant', type: 'nominal', sort: null, title: null, axis: { labelLimit: 0 } }, x: { field: 'ratio', type: 'quantitative', title: '× the reference loop (higher is faster)' } } as const;
  return renderSvg({
    title: { text: 'Simulator speed against a bare reference loop', subtitle: `wall clock, one run; dashed: the target ${roundTripTarget.minRatioToReference.toFixed(3)}× with recording off, the fetch adapter's goal ${fetchAdapterTarget.minRatioToReference.toFixed(3)}×, the sweep's ${sweepSpeedTarget.minRatioToReference.toFixed(3)}× with 2 workers` },
    data: { values },
    facet: { row: { field: 'benchmark', type: 'nominal', sort: [...new Set(rows.map((row) => row.benchmark))], title: null } },
    spec: {
      width: 420,
      layer: [
        { mark: 'bar', encoding: { ...bar, color: { field: 'role', type: 'nominal', scale: { domain: ['simulator', 'reference'], range: ['#4c78a8', '#bab0ac'] }, title: null } } },
        { mark: { type: 'text', align: 'left', dx: 3, fontSize: 10 }, encoding: { ...bar, text: { field: 'ratio', type: 'quantitative', format: '.3f' } } },
        {
          transform: [{ filter: 'datum.target !== null' }, { aggregate: [{ op: 'max', field: 'target', as: 'target' }] }],
          mark: { type: 'rule', color: '#e45756', strokeDash: [4, 3], strokeWidth: 1.5 },
          encoding: { x: { field: 'target', type: 'quantitative' } },
        },
      ],
    },
    resolve: { scale: { y: 'independent' } },
    config: chartConfig,
  });
}
