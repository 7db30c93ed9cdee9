import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { wallClockCharts } from '../report-paths.js';
import { reportCharts, writeCharts } from './charts/chart-set.js';
import { renderLocalReadme, renderReportsReadme } from './reports-readme.js';
import { sampleInput, sampleLocalInput } from './sample-input.js';

/**
 * `npx tsx bench/readme/preview.ts /tmp/reports-preview`: both READMEs and the charts from made-up rows, laid
 * out as `npm run bench` lays out `reports/` and `reports/local/`, to look at them without running the bench.
 * Never writes to `reports/` unless told to.
 */
async function main(): Promise<void> {
  const dir = resolve(process.argv[2] ?? '/tmp/reports-preview');
  const localDir = join(dir, 'local');
  await mkdir(localDir, { recursive: true });
  const rendered = await reportCharts({ summaries: sampleInput.summaries, harness: sampleLocalInput.harness, latencies: sampleInput.sweep?.latencies ?? [] });
  const charts = await writeCharts(dir, rendered.filter((c) => !wallClockCharts.has(c.file)));
  const localCharts = await writeCharts(localDir, rendered.filter((c) => wallClockCharts.has(c.file)));
  await writeFile(join(dir, 'README.md'), renderReportsReadme({ ...sampleInput, charts }));
  await writeFile(join(localDir, 'README.md'), renderLocalReadme({ ...sampleLocalInput, charts: localCharts }));
  console.log(`Wrote ${join(dir, 'README.md')}, ${join(localDir, 'README.md')} and ${rendered.length} charts.`);
}

await main();
