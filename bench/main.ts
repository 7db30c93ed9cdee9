import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { demonstrationDiagrams } from './diagrams/demonstrations.js';
import { harnessCsv, runHarness } from './harness/harness.js';
import { describeMachine, machineCsv } from './machine.js';
import { runScenarioMatrix } from './matrix/runner.js';
import { writeMatrixReports } from './matrix/write.js';
import { reportCharts, writeCharts } from './readme/charts/chart-set.js';
import { renderLocalReadme, renderReportsReadme } from './readme/reports-readme.js';
import { committedReportsDir, filteredReportsDir, localReportsDir, snapshotFiles, soakSnapshotFile, wallClockCharts } from './report-paths.js';
import { runScale, scaleCsv } from './scale/scale.js';
import { runSoak, type SoakRow, soakCsv, soakShape } from './scale/soak.js';
import { benchSummary } from './summary.js';
import { failed } from '../properties/sweep/seed-outcome.js';
import { runBenchSweep } from './sweep/runner.js';
import { readSweepReports, writeSweepReports } from './sweep/write.js';

const usage = `Usage: npm run bench [-- --quick] [-- --filter <pattern>] [-- --snapshot] [-- --soak [--keep-exchanges]]

Writes reports/ (committed, the same bytes on every machine): the scenario matrix (scenarios.csv,
scenario-summary.csv), the seed sweep (sweep.csv, latency-distribution.csv, counterexamples/sweep/), their
charts (charts/*.svg) and README.md. Writes reports/local/ (git-ignored, this
machine's run): the simulator's own speed (harness.csv), how it scales (scale.csv), the machine
(machine.csv), the speed chart (charts/harness.svg) and README.md.

  --quick             fewer rounds and scale steps, into reports/local/ only (the matrix always runs
                      whole: it takes a second, and its committed files come out the same); the seed
                      sweep runs a fifth of its seeds, into reports/local/ too
  --filter <pattern>  only what matches the pattern (a regular expression) in scenario/variant,
                      benchmark/variant, scale/<trace mode> or sweep/<scenario>/<faults>, written to
                      reports/local/filtered/ so that the whole run's files stay whole
  --snapshot          also copy this whole run's wall-clock files into reports/ (harness.csv, scale.csv,
                      machine.csv, charts/harness.svg, and soak.csv with --soak): a committed snapshot of
                      one machine, which routine runs never touch
  --soak              after the scale steps, the soak: ${(soakShape.clients * soakShape.requestsPerClient).toLocaleString('en-US')} requests of mixed traffic, trace off,
                      exchanges folded, with the process's peak RSS; into soak.csv (several minutes)
  --keep-exchanges    with --soak, keep every exchange instead of folding it into the statistics: what
                      folding saves (gigabytes of RSS at this length)
  -h, --help          this text`;

class UsageError extends Error {}

function options(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { quick: { type: 'boolean' }, filter: { type: 'string' }, snapshot: { type: 'boolean' }, soak: { type: 'boolean' }, 'keep-exchanges': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { quick, filter, snapshot, soak, 'keep-exchanges': keepExchanges, help } = parsed.values;
  if (keepExchanges === true && soak !== true) throw new UsageError('--keep-exchanges is for the soak: give --soak too');
  if (snapshot === true && (quick === true || filter !== undefined)) throw new UsageError('--snapshot takes a whole run: leave out --quick and --filter');
  let pattern: RegExp | undefined;
  if (filter !== undefined) {
    try {
      pattern = new RegExp(filter);
    } catch (error) {
      throw new UsageError(`--filter takes a regular expression: ${(error as Error).message}`);
    }
  }
  return { quick: quick === true, filter: pattern, snapshot: snapshot === true, soak: soak === true, keepExchanges: keepExchanges === true, help: help === true, command: `npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}` };
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
  const stages = opts.filter === undefined ? 6 : 4;
  // A filtered run is a subset: all of it goes to one ignored folder, away from the whole run's files.
  const reportsDir = opts.filter === undefined ? committedReportsDir : filteredReportsDir;
  const machineDir = opts.filter === undefined ? localReportsDir : filteredReportsDir;
  await mkdir(machineDir, { recursive: true });
  const written: string[] = [];
  /** Wall-clock results and the machine: never into the committed folder. */
  const writeLocal = async (name: string, text: string) => {
    await writeFile(join(machineDir, name), text);
    written.push(join(machineDir, name));
  };

  const matrixStage = stage(1, stages, 'scenario matrix (virtual time: the same numbers on every machine)');
  // Never quick: the matrix is virtual time (about a second), and its files are compared with the code.
  const matrix = await runScenarioMatrix({
    quick: false,
    filter: opts.filter,
    onProgress: (done, total, label) => matrixStage.line(`(${String(done).padStart(String(total).length)}/${total}) ${label}`),
  });
  const { matrixPath, summaryPath } = await writeMatrixReports(matrix, reportsDir);
  written.push(matrixPath, summaryPath);
  matrixStage.done(`${matrix.summaries.length} variants, ${matrix.rows.length} steps`);

  const harnessStage = stage(2, stages, 'harness speed (wall clock: every rate beside its reference from the same rounds)');
  const harness = await runHarness({ quick: opts.quick, filter: opts.filter, onProgress: harnessStage.line }).catch((error: unknown) => {
    if (opts.filter !== undefined && /no harness benchmark matches/.test(String(error))) return undefined;
    throw error;
  });
  if (harness !== undefined) await writeLocal('harness.csv', harnessCsv(harness.rows));
  harnessStage.done(harness === undefined ? 'nothing matched the filter' : `${harness.rows.length} variants`);

  const scaleStage = stage(3, stages, `scale (10x steps; wall time and heap)${opts.soak ? ', then the soak (peak RSS)' : ''}`);
  const scale = await runScale({ quick: opts.quick, filter: opts.filter, onProgress: scaleStage.line });
  if (scale.rows.length > 0) await writeLocal('scale.csv', scaleCsv(scale.rows));
  let soak: SoakRow | undefined;
  if (opts.soak) {
    soak = await runSoak(scaleStage.line, soakShape, opts.keepExchanges ? 'keep' : 'fold');
    await writeLocal('soak.csv', soakCsv([soak]));
  }
  scaleStage.done(`${scale.rows.length} runs${soak === undefined ? '' : ' and the soak'}`);
  await writeLocal('machine.csv', machineCsv(machine));

  const sweepStage = stage(4, stages, 'seed sweep (virtual time: every seed judged, latency by loss level)');
  // Only a whole run writes the committed sweep: --quick's fewer seeds go to reports/local/, a filtered subset to filtered/.
  const sweepDir = opts.filter !== undefined ? filteredReportsDir : opts.quick ? localReportsDir : committedReportsDir;
  const sweep = await runBenchSweep({ quick: opts.quick, filter: opts.filter, reportsDir: sweepDir, onProgress: sweepStage.line });
  if (sweep.outcomes.length > 0) written.push(...(await writeSweepReports(sweep, sweepDir)));
  const failing = sweep.outcomes.filter(failed).length;
  sweepStage.done(sweep.outcomes.length === 0 ? 'nothing matched the filter' : `${sweep.outcomes.length} seeds on ${sweep.workers} worker threads, ${failing} failing (each shrunk into counterexamples/sweep/)`);

  if (opts.filter === undefined && harness !== undefined) {
    const diagramStage = stage(5, stages, 'sequence diagrams from the demonstration scenarios\' traces');
    const diagrams = await demonstrationDiagrams();
    diagramStage.done(`${diagrams.length} diagrams`);

    const readmeStage = stage(6, stages, 'charts (Vega-Lite, rendered to SVG), reports/README.md and reports/local/README.md');
    // From the committed files, not this run's sweep: a quick run's fewer seeds must not change the committed page.
    const committedSweep = await readSweepReports(committedReportsDir);
    const rendered = await reportCharts({ summaries: matrix.summaries, harness: harness.rows, latencies: committedSweep?.latencies ?? [] });
    const missing = [...wallClockCharts].filter((file) => !rendered.some((c) => c.file === file));
    if (missing.length > 0) throw new Error(`bench/report-paths.ts names wall-clock charts the chart set no longer draws: ${missing.join(', ')}`);
    const virtualCharts = await writeCharts(committedReportsDir, rendered.filter((c) => !wallClockCharts.has(c.file)));
    const machineCharts = await writeCharts(localReportsDir, rendered.filter((c) => wallClockCharts.has(c.file)));
    written.push(...virtualCharts.map((c) => join(committedReportsDir, c.file)), ...machineCharts.map((c) => join(localReportsDir, c.file)));
    const readmePath = join(committedReportsDir, 'README.md');
    await writeFile(readmePath, renderReportsReadme({ summaries: matrix.summaries, diagrams, sweep: committedSweep, charts: virtualCharts }));
    written.push(readmePath);
    await writeLocal('README.md', renderLocalReadme({ harness: harness.rows, scale: scale.rows, soak, machine, charts: machineCharts, command: opts.command, quick: opts.quick }));
    readmeStage.done(`${rendered.length} charts and the two READMEs`);
    if (opts.snapshot) {
      for (const file of soak === undefined ? snapshotFiles : [...snapshotFiles, soakSnapshotFile]) {
        await copyFile(join(localReportsDir, file), join(committedReportsDir, file));
        written.push(join(committedReportsDir, file));
      }
    }
  }

  console.log('');
  console.log(benchSummary({ matrix: matrix.summaries, harness, scale: scale.rows, soak }));
  console.log('');
  const sizes = await Promise.all(written.map(async (path) => `  ${relative(process.cwd(), path)} (${(await stat(path)).size.toLocaleString('en-US')} B)`));
  console.log(`Wrote, in ${((Date.now() - startedMs) / 1000).toFixed(0)} s:\n${sizes.join('\n')}`);
  if (opts.filter !== undefined) console.log('With --filter the files go to reports/local/filtered/; reports/ itself, its README and charts describe whole runs.');
  else if (opts.snapshot) {
    const copied = soak === undefined ? snapshotFiles : [...snapshotFiles, soakSnapshotFile];
    console.log(`reports/ is committed: the matrix's files are the same on every machine; ${copied.join(', ')} are this machine's, copied there by --snapshot to be committed as its snapshot.`);
  }
  else console.log('reports/ is committed and the same on every machine; the wall-clock files above, in reports/local/, are this machine\'s and not committed.');
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
