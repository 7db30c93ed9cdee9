import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HarnessRow } from '../input.js';
import { sampleHarness, sampleSummaries, sampleSweep } from '../sample-input.js';
import { bytesChart } from './bytes-chart.js';
import { reportCharts, writeCharts } from './chart-set.js';
import { graphVsRestChart } from './graph-vs-rest-chart.js';
import { harnessChart } from './harness-chart.js';
import { ninesOf } from '../../../sim/stats/latency-histogram.js';
import { latencyCdfChart, lossText } from './latency-cdf-chart.js';
import { latencyChart } from './latency-chart.js';

/** Text marks in the SVG: axis labels, headers, value labels. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
}

const charts = {
  latency: () => latencyChart(sampleSummaries),
  bytes: () => bytesChart(sampleSummaries),
  'graph vs REST': () => graphVsRestChart(sampleSummaries),
  harness: () => harnessChart(sampleHarness),
  'latency CDF': () => latencyCdfChart(sampleSweep.latencies),
};

describe('charts', () => {
  for (const [name, draw] of Object.entries(charts)) {
    it(`${name}: is an SVG document, the same bytes every time`, async () => {
      const first = await draw();
      expect(first.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(first.trimEnd().endsWith('</svg>')).toBe(true);
      expect(await draw()).toBe(first);
    });
  }

  it('latency and bytes name every variant and every scenario', async () => {
    for (const svg of [await latencyChart(sampleSummaries), await bytesChart(sampleSummaries)]) {
      const labels = texts(svg);
      for (const row of sampleSummaries) {
        expect(labels).toContain(row.variant);
        expect(labels).toContain(row.scenario);
      }
    }
  });

  it('latency labels each bar with one exchange\'s virtual ms, a multi-step variant with its span, and says when there was no response', async () => {
    const labels = texts(await latencyChart(sampleSummaries));
    expect(labels).toContain('635.188');
    expect(labels).toContain('137.040 · 5 steps span 685.200');
    expect(labels.some((l) => /^Latency per exchange/.test(l))).toBe(true);
    expect(labels).toContain('no response (outcome unknown)');
  });

  it('bytes tells request from response', async () => {
    const labels = texts(await bytesChart(sampleSummaries));
    expect(labels).toEqual(expect.arrayContaining(['request', 'response']));
  });

  it('graph vs REST shows only that scenario, with round trips, bytes and latency', async () => {
    const labels = texts(await graphVsRestChart(sampleSummaries));
    expect(labels).toEqual(expect.arrayContaining(['rest-waterfall', 'rest-parallel', 'graph-post', 'graph-persisted-cold', 'graph-persisted-warm']));
    expect(labels).toEqual(expect.arrayContaining(['round trips', 'bytes', 'span (virtual ms)']));
    expect(labels).not.toContain('post-naive-unstable');
  });

  it('harness names every variant and draws the target as a line', async () => {
    const svg = await harnessChart(sampleHarness);
    for (const row of sampleHarness) expect(texts(svg)).toContain(row.variant);
    expect(texts(svg)).toContain('0.412');
    expect(svg).toContain('stroke-dasharray="4,3"');
  });

  it('harness gives its y labels room: a long variant name is shown whole, nothing cut to an ellipsis', async () => {
    const long = 'property (generate, simulate, check)';
    const svg = await harnessChart([...sampleHarness, { ...sampleHarness[0]!, variant: long }]);
    expect(texts(svg)).toContain(long);
    expect(texts(svg).filter((t) => t.endsWith('…'))).toEqual([]);
  });

  it("draws the fetch adapter's goal in the adapter panel too, and no line where no goal is set", async () => {
    const adapterRow = (variant: string, ratio: number): HarnessRow => ({ ...sampleHarness[2]!, benchmark: 'adapter round trips', variant, reference_variant: 'built-in origin', ratio_to_reference: ratio });
    const dashes = (svg: string): number => svg.split('stroke-dasharray="4,3"').length - 1;
    expect(dashes(await harnessChart(sampleHarness))).toBe(1);
    expect(dashes(await harnessChart(sampleHarness.filter((r) => r.benchmark === 'queue events')))).toBe(0);
    expect(dashes(await harnessChart([...sampleHarness, adapterRow('built-in origin', 1), adapterRow('fetch adapter trivial app', 0.35)]))).toBe(2);
  });

  it('does not depend on what was drawn before (vega numbers its clip paths per module)', async () => {
    const alone = await harnessChart(sampleHarness);
    await Promise.all([latencyChart(sampleSummaries), bytesChart(sampleSummaries), graphVsRestChart(sampleSummaries)]);
    expect(await harnessChart(sampleHarness)).toBe(alone);
  });

  it('carries no time, no random id and no absolute path', async () => {
    for (const draw of Object.values(charts)) {
      const svg = await draw();
      expect(svg).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
      expect(svg).not.toMatch(/id="[^"]*[0-9a-f]{8,}[^"]*"/);
      expect(svg).not.toContain(process.cwd());
    }
  });

  it('writes one file per chart under charts/ and returns the links', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'charts-'));
    const rendered = await reportCharts({ summaries: sampleSummaries, harness: sampleHarness, latencies: sampleSweep.latencies });
    const links = await writeCharts(dir, rendered);
    expect(links.map((l) => l.file)).toEqual(['charts/graph-vs-rest.svg', 'charts/latency.svg', 'charts/bytes.svg', 'charts/latency-cdf.svg', 'charts/harness.svg']);
    expect((await readdir(join(dir, 'charts'))).sort()).toEqual(['bytes.svg', 'graph-vs-rest.svg', 'harness.svg', 'latency-cdf.svg', 'latency.svg']);
    expect(await readFile(join(dir, 'charts/latency.svg'), 'utf8')).toBe(rendered[1]!.svg);
  });

  it('leaves the latency CDF out until a whole run has written the sweep', async () => {
    const rendered = await reportCharts({ summaries: sampleSummaries, harness: sampleHarness, latencies: [] });
    expect(rendered.map((c) => c.file)).not.toContain('charts/latency-cdf.svg');
  });

  it('latency CDF: a panel per request kind, a line per loss level, axes with their units', async () => {
    const labels = texts(await latencyCdfChart(sampleSweep.latencies));
    expect(labels).toEqual(expect.arrayContaining(['POST /graphql keyed', 'POST /notes keyed', 'PUT /notes/{id} keyed']));
    expect(labels).toEqual(expect.arrayContaining(['0% loss', '1% loss', '5% loss', '10% loss']));
    expect(labels).toContain('latency, first send to whole response, re-sends included (virtual ms)');
    expect(labels).toEqual(expect.arrayContaining(['90%', '99%', '99.9%']));
  });

  it('latency CDF: counts nines on the y-axis, the largest latency at the top, and names loss levels as percentages', () => {
    expect(ninesOf(0)).toBe(0);
    expect(ninesOf(0.9)).toBe(1);
    expect(ninesOf(0.99)).toBe(2);
    expect(ninesOf(1)).toBe(4);
    expect(lossText('none')).toBe('0% loss');
    expect(lossText('loss=10%')).toBe('10% loss');
    expect(lossText('loss=5%,duplicate=1%')).toBe('loss=5%,duplicate=1%');
  });
});
