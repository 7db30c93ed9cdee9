import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChartLink, HarnessRow, LatencyDistributionRow, ScenarioSummaryRow } from '../input.js';
import { bytesChart } from './bytes-chart.js';
import { graphVsRestChart } from './graph-vs-rest-chart.js';
import { harnessChart } from './harness-chart.js';
import { latencyCdfChart } from './latency-cdf-chart.js';
import { latencyChart } from './latency-chart.js';

export interface RenderedChart extends ChartLink {
  readonly svg: string;
}

export const latencyCdfFile = 'charts/latency-cdf.svg';

/** Every chart of the report, in the order the README shows them; `file` is relative to `reports/`. */
export async function reportCharts(input: {
  readonly summaries: readonly ScenarioSummaryRow[];
  readonly harness: readonly HarnessRow[];
  /** The committed sweep's latency rows; none before its first whole run, and then no CDF chart. */
  readonly latencies: readonly LatencyDistributionRow[];
}): Promise<RenderedChart[]> {
  return [
    { file: 'charts/graph-vs-rest.svg', title: 'Graph vs REST: round trips, bytes and span', svg: await graphVsRestChart(input.summaries) },
    { file: 'charts/latency.svg', title: 'Latency per exchange, by variant, with each variant\'s span', svg: await latencyChart(input.summaries) },
    { file: 'charts/bytes.svg', title: 'Request and response bytes per variant, by scenario', svg: await bytesChart(input.summaries) },
    ...(input.latencies.length === 0 ? [] : [{ file: latencyCdfFile, title: 'Latency CDF by loss level and request kind, over every seed of the sweep', svg: await latencyCdfChart(input.latencies) }]),
    { file: 'charts/harness.svg', title: 'Simulator speed against the reference loop', svg: await harnessChart(input.harness) },
  ];
}

/** Writes each chart under `reportsDir` and returns the links the README shows. */
export async function writeCharts(reportsDir: string, charts: readonly RenderedChart[]): Promise<ChartLink[]> {
  await mkdir(join(reportsDir, 'charts'), { recursive: true });
  for (const chart of charts) await writeFile(join(reportsDir, chart.file), chart.svg);
  return charts.map(({ file, title }) => ({ file, title }));
}
