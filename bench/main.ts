import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { demonstrationDiagrams } from './diagrams/demonstrations.js';
import { harnessCsv, runHarness } from './harness/harness.js';
import { describeMachine, machineCsv } from './machine.js';
import { runScenarioMatrix } from './matrix/runner.js';
import { writeMatrixReports } from './matrix/write.js';
import { reportCharts, writeCharts } from './readme/charts/chart-set.js';
import { renderReportsReadme } from './readme/reports-readme.js';
import { runScale, scaleCsv } from './scale/scale.js';
import { benchSummary } from './summary.js';

const usage = `Usage: npm run bench [-- --quick] [-- --filter <pattern>]

Writes reports/: the scenario matrix (scenarios.csv, scenario-summary.csv), the simulator's own speed
(harness.csv), how it scales (scale.csv), the machine (machine.csv), charts (charts/*.svg) and README.md.

  --quick             fewer rounds and scale steps (the matrix always runs whole: it takes a second)
  --filter <pattern>  only what matches the pattern (a regular expression) in scenario/variant,
                      benchmark/variant or scale/<trace mode>, written to reports/filtered/ so that
                      the whole run's files stay whole
  -h, --help          this text`;

// Resolved from this file rather than the working directory, so `npm run bench` from anywhere writes here.
const wholeRunDir = fileURLToPath(new URL('../reports/', import.meta.url));

class UsageError extends Error {}

function options(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { quick: { type: 'boolean' }, filter: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { quick, filter, help } = parsed.values;
  let pattern: RegExp | undefined;
  if (filter !== undefined) {
    try {
      pattern = new RegExp(filter);
    } catch (error) {
      throw new UsageError(`--filter takes a regular expression: ${(error as Error).message}`);
    }
  }
  return { quick: quick === true, filter: pattern, help: help === true, command: `npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}` };
}

/** Progress goes to stderr, so that stdout is the summary alone; each stage says how long it took. */
function stage(index: number, count: number, title: string) {
  const startedMs = Date.now();
  process.stderr.write(`\n[${index}/${count}] ${title}\n`);
  return {
    line: (text: string) => process.stderr.write(`      ${text}\n`),
    done: (what: string) => process.stderr.write(`      done in ${((Date.now() - startedMs) / 1000).toFixed(1)} s: ${what}\n`),
  };
}

async function main(argv: readonly string[]): Promise<void> {
  const opts = options(argv);
  if (opts.help) {
    console.log(usage);
    return;
  }
  const startedMs = Date.now();
  const machine = describeMachine(new Date());
  const stages = opts.filter === undefined ? 5 : 3;
  const reportsDir = opts.filter === undefined ? wholeRunDir : join(wholeRunDir, 'filtered');
  await mkdir(reportsDir, { recursive: true });
  const written: string[] = [];
  const write = async (name: string, text: string) => {
    await writeFile(join(reportsDir, name), text);
    written.push(name);
  };

  const matrixStage = stage(1, stages, 'scenario matrix (virtual time: the same numbers on every machine)');
  // Never quick: the matrix is virtual time (about a second), and its files are compared with the code.
  const matrix = await runScenarioMatrix({
    quick: false,
    filter: opts.filter,
    onProgress: (done, total, label) => matrixStage.line(`(${String(done).padStart(String(total).length)}/${total}) ${label}`),
  });
  const { matrixPath, summaryPath } = await writeMatrixReports(matrix, reportsDir);
  written.push(relative(reportsDir, matrixPath), relative(reportsDir, summaryPath));
  matrixStage.done(`${matrix.summaries.length} variants, ${matrix.rows.length} steps`);

  const harnessStage = stage(2, stages, 'harness speed (wall clock: every rate beside its reference from the same rounds)');
  const harness = await runHarness({ quick: opts.quick, filter: opts.filter, onProgress: harnessStage.line }).catch((error: unknown) => {
    if (opts.filter !== undefined && /no harness benchmark matches/.test(String(error))) return undefined;
    throw error;
  });
  if (harness !== undefined) await write('harness.csv', harnessCsv(harness.rows));
  harnessStage.done(harness === undefined ? 'nothing matched the filter' : `${harness.rows.length} variants`);

  const scaleStage = stage(3, stages, 'scale (10x steps; wall time and heap)');
  const scale = await runScale({ quick: opts.quick, filter: opts.filter, onProgress: scaleStage.line });
  if (scale.rows.length > 0) await write('scale.csv', scaleCsv(scale.rows));
  scaleStage.done(`${scale.rows.length} runs`);
  await write('machine.csv', machineCsv(machine));

  if (opts.filter === undefined && harness !== undefined) {
    const diagramStage = stage(4, stages, 'sequence diagrams from the demonstration scenarios\' traces');
    const diagrams = await demonstrationDiagrams();
    diagramStage.done(`${diagrams.length} diagrams`);

    const readmeStage = stage(5, stages, 'charts (Vega-Lite, rendered to SVG) and reports/README.md');
    const charts = await writeCharts(reportsDir, await reportCharts({ summaries: matrix.summaries, harness: harness.rows }));
    written.push(...charts.map((c) => c.file));
    await write('README.md', renderReportsReadme({ summaries: matrix.summaries, harness: harness.rows, scale: scale.rows, diagrams, machine, charts, command: opts.command, quick: opts.quick }));
    readmeStage.done(`${charts.length} charts and the README`);
  }

  console.log('');
  console.log(benchSummary({ matrix: matrix.summaries, harness, scale: scale.rows }));
  console.log('');
  const shown = relative(process.cwd(), reportsDir) || '.';
  const sizes = await Promise.all(written.map(async (name) => `  ${join(shown, name)} (${(await stat(join(reportsDir, name))).size.toLocaleString('en-US')} B)`));
  console.log(`Wrote, in ${((Date.now() - startedMs) / 1000).toFixed(0)} s:\n${sizes.join('\n')}`);
  if (opts.filter !== undefined) console.log('With --filter the files go to reports/filtered/; reports/ itself, its README and charts describe whole runs.');
  if (harness?.verdict !== undefined && !harness.verdict.holds) process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`bench: ${error.message}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  throw error;
});
