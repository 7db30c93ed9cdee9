import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type AreaName, areaNames, mutatePatterns } from './areas.js';
import { writeRunRecord } from './run-record.js';
import { runRecordFile, scoreRun, strykerReportFile } from './score.js';

const usage = `Usage: npm run mutation [-- --area <name>]... [-- --all] [-- --incremental] [-- --score-only]

Runs StrykerJS (stryker.config.json, vitest runner) over the five areas, then writes the score per area to
reports/mutation.csv and reports/mutation.md (committed). Stryker's own reports go to reports/mutation/ (not
committed).

  --area <name>       only this area (repeatable): ${areaNames.join(', ')}
  --all               every file of src/, the areas and the rest (files of no area are scored as "other")
  --incremental       reuse the results of the last run for mutants whose code and tests did not change
                      (reports/mutation/incremental.json)
  --concurrency <n>   Stryker's test runner processes (default 2)
  --score-only        do not run Stryker; score its last report again (after editing the judgments)
  -h, --help          this text

With --area or --all the score goes to reports/mutation/filtered/ (not committed), so reports/mutation.*
always describe the five areas whole.`;

const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const reportPath = join(projectDir, strykerReportFile);
const runRecordPath = join(projectDir, runRecordFile);

class UsageError extends Error {}

function options(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        area: { type: 'string', multiple: true },
        all: { type: 'boolean' },
        incremental: { type: 'boolean' },
        concurrency: { type: 'string' },
        'score-only': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { area = [], all, incremental, concurrency, help } = parsed.values;
  const unknown = area.filter((name) => !(areaNames as readonly string[]).includes(name));
  if (unknown.length > 0) throw new UsageError(`no area ${unknown.join(', ')}; the areas are ${areaNames.join(', ')}`);
  if (all === true && area.length > 0) throw new UsageError('--all already includes every area');
  if (concurrency !== undefined && !/^[1-9]\d*$/.test(concurrency)) throw new UsageError(`--concurrency takes a whole number >= 1, not ${concurrency}`);
  const selection: readonly AreaName[] | 'all' = all === true ? 'all' : area.length > 0 ? (area as AreaName[]) : areaNames;
  return {
    selection,
    whole: all !== true && area.length === 0,
    incremental: incremental === true,
    concurrency,
    scoreOnly: parsed.values['score-only'] === true,
    help: help === true,
    command: `npm run mutation${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`,
  };
}

/** Stryker's own CLI, as `npx stryker` would run it, in this project whatever the working directory. */
function runStryker(args: readonly string[]): Promise<number> {
  const require = createRequire(import.meta.url);
  const bin = join(require.resolve('@stryker-mutator/core/package.json'), '../bin/stryker.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'run', ...args], { cwd: projectDir, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

async function main(argv: readonly string[]): Promise<void> {
  const opts = options(argv);
  if (opts.help) {
    console.log(usage);
    return;
  }
  const startedMs = Date.now();
  if (!opts.scoreOnly) {
    const args = ['--mutate', mutatePatterns(opts.selection).join(',')];
    if (opts.incremental) args.push('--incremental');
    if (opts.concurrency !== undefined) args.push('--concurrency', opts.concurrency);
    const code = await runStryker(args);
    if (code !== 0) throw new Error(`stryker exited with ${code}; no score written`);
    await writeRunRecord(runRecordPath, { command: opts.command, strykerMs: Date.now() - startedMs });
  }
  // A partial run's score sits beside Stryker's own reports (ignored), not beside the bench's filtered runs.
  const outDir = join(projectDir, 'reports', ...(opts.whole ? [] : ['mutation', 'filtered']));
  const outcome = await scoreRun({ reportPath, runRecordPath, outDir });
  const total = outcome.rows.at(-1);
  console.log('');
  for (const row of outcome.rows) console.log(`  ${row.area.padEnd(13)} ${String(row.mutants).padStart(5)} mutants  ${row.score_pct === null ? '  —' : row.score_pct.toFixed(2).padStart(6)} %`);
  console.log(`\nWrote, in ${((Date.now() - startedMs) / 60_000).toFixed(1)} min: ${outcome.written.map((p) => relative(process.cwd(), p)).join(', ')}`);
  if (!opts.whole) console.log('With --area or --all the score goes to reports/mutation/filtered/; reports/mutation.* describe the five areas whole.');
  for (const problem of outcome.problems) console.error(`judgment: ${problem}`);
  if (outcome.belowTarget.length > 0) console.error(`below the target score: ${outcome.belowTarget.join(', ')}`);
  if (outcome.problems.length > 0 || outcome.belowTarget.length > 0 || total === undefined) process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`mutation: ${error.message}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }
  console.error(`mutation: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
