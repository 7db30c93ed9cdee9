import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { reportCharts, writeCharts } from './charts/chart-set.js';
import { renderReportsReadme } from './reports-readme.js';
import { sampleInput } from './sample-input.js';

/**
 * `npx tsx bench/readme/preview.ts /tmp/reports-preview`: the README and charts from made-up rows, to look at
 * the layout without running the bench. Never writes to `reports/` unless told to.
 */
async function main(): Promise<void> {
  const dir = resolve(process.argv[2] ?? '/tmp/reports-preview');
  await mkdir(dir, { recursive: true });
  const charts = await writeCharts(dir, await reportCharts(sampleInput));
  await writeFile(join(dir, 'README.md'), renderReportsReadme({ ...sampleInput, charts }));
  console.log(`Wrote ${join(dir, 'README.md')} and ${charts.length} charts.`);
}

await main();
