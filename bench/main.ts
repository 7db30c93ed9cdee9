import { mkdir, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, machineCsv } from './machine.js';
import { measurementPlan, measureRound, summarize } from './harness/measurement.js';
import { reportCsv, reportRows, reportTable, targetVerdict } from './harness/report.js';
import { simCoreBenchmarks } from './harness/sim-core.js';

// Resolved from this file rather than the working directory, so `npm run bench` from anywhere writes here.
const reportsDir = fileURLToPath(new URL('../reports/', import.meta.url));

async function main(): Promise<void> {
  const runAt = new Date();
  const definitions = simCoreBenchmarks();
  const samplesMs = definitions.map((): number[] => []);
  const { rounds } = measurementPlan;
  const steps = rounds * definitions.length;
  const stepWidth = String(steps).length;
  for (let round = 0; round < rounds; round++) {
    for (const [i, definition] of definitions.entries()) {
      const step = String(round * definitions.length + i + 1).padStart(stepWidth);
      // Progress goes to stderr so that stdout is the report alone.
      process.stderr.write(`[${step}/${steps}] round ${round + 1}/${rounds} · ${definition.benchmark}: ${definition.variant} ... `);
      const roundSamples = await measureRound(definition, round);
      samplesMs[i]!.push(...roundSamples);
      const rate = summarize(definition, roundSamples).opsPerSecond;
      process.stderr.write(`${Math.round(rate).toLocaleString('en-US')} ${definition.unit.replaceAll('_', ' ')}\n`);
    }
  }

  const measurements = definitions.map((definition, i) => summarize(definition, samplesMs[i]!));
  const rows = reportRows(measurements);
  const verdict = targetVerdict(measurements);
  const banner = '='.repeat(verdict.line.length);
  console.log('');
  console.log(reportTable(rows));
  console.log('');
  console.log(banner);
  console.log(verdict.line);
  console.log(banner);

  await mkdir(reportsDir, { recursive: true });
  const resultsPath = `${reportsDir}sim-core.csv`;
  const machinePath = `${reportsDir}machine.csv`;
  await writeFile(resultsPath, reportCsv(rows));
  await writeFile(machinePath, machineCsv(describeMachine(runAt)));
  console.log('');
  console.log(`Wrote ${relative(process.cwd(), resultsPath)} and ${relative(process.cwd(), machinePath)}.`);
}

await main();
