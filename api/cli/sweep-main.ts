import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { allPrinciples } from '../../properties/index.js';
import { didYouMean } from '../../sim/command-line/closest-names.js';
import { parseCommandLine } from '../../sim/command-line/command-line.js';
import { UsageError } from '../../sim/command-line/usage-error.js';
import { builtinScenarios, findBuiltin } from '../../sim/scenario/catalog.js';
import { UserError } from '../../sim/user-error.js';
import { loadTarget } from '../../properties/targets/load-target.js';
import type { OwnBehaviour } from '../../properties/targets/own-origin-target.js';
import { PreparedTarget, targetName } from '../../properties/targets/target-session.js';
import { asWritten, FaultMixError, parseFaultMix } from '../../properties/sweep/fault-mix.js';
import { latencyCsv } from '../../properties/sweep/latency-csv.js';
import { latencyFileName, mergeSweeps } from '../../properties/sweep/merge.js';
import { prepareJob } from '../../properties/sweep/seed-run.js';
import { failed, nothingJudged } from '../../properties/sweep/seed-outcome.js';
import { parseSeedRange, parseShard, rangeText, type SeedRange, SeedRangeError, seedCount, shardRange } from '../../properties/sweep/seed-range.js';
import { sweepCsv } from '../../properties/sweep/sweep-csv.js';
import { sweepHtml } from '../../properties/sweep/sweep-html.js';
import type { SweepJob } from '../../properties/sweep/sweep-job.js';
import { failureList, latencyTable, progressLine, verdictCounts } from '../../properties/sweep/sweep-text.js';
import { type LatencyRow, runSweep } from '../../properties/sweep/sweep.js';
import { cpuProbe, poolSizeHere } from '../../properties/sweep/pool-size.js';
import { inProcessRunner, threadRunner } from '../../properties/sweep/worker-pool.js';
import type { SeedOutcome } from '../../properties/sweep/seed-outcome.js';

/** How the sweep and the sim were started, as the usage and replay lines name them. */
export interface SweepCommands {
  readonly sweep: string;
  readonly sim: string;
}

export const repoSweepCommands: SweepCommands = { sweep: 'npm run sweep --', sim: 'npm run sim --' };

const defaultOut = join('reports', 'local', 'sweep');

const usageFor = (cmd: string) => `Usage:
  ${cmd} <scenario> --seeds 1-100000 [--faults loss=5%] …   every seed of a built-in scenario
  ${cmd} --file my.json --seeds 1-1000 …                    every seed of your scenario file
  ${cmd} <principle> [--config apisim.config.ts] --seeds 1-1000 …
                                      every seed of one principle, on your target or apisim's own origin
  ${cmd} --config apisim.config.ts --seeds 1-1000 …         every principle that applies to your target
  ${cmd} --merge shard-1/sweep.csv shard-2/sweep.csv …      the shards of a CI matrix as one report

Each seed gets a verdict: a scenario's "expect" block (or, without one, what holds on any seed: no 5xx, a
linearizable note history, a keyed POST applied at most once), or the principle. Every failing seed is shrunk
to a scenario file and printed with the command that replays it; the exit code is 1 if any seed failed, 3 if no seed could judge (every run could not run).

Options:
  --seeds A-B              the seeds to run (default 1-1000)
  --faults MIX             the WAN's faults in place of the scenario's own: loss=5%, duplicate=1%, delay=30ms
                           (up to 30 ms extra on every message), comma-separated, none, or a JSON list of
                           fault rules; give it several times to sweep each mix
  --workers N              worker threads (default: one per core free when the sweep starts, at most
                           ${availableParallelism()} here)
  --shard i/n              run the i-th of n equal blocks of the seeds (one machine of n)
  --until-first-failure    stop at the first failing seed, and say how many seeds it took
  --time-budget T          start no seed after T (90s, 10m, 2h); the report covers the seeds run
  --out DIR                where sweep.csv, ${latencyFileName} and counterexamples/ go
                           (default ${defaultOut.split(sep).join('/')})
  --html FILE              also write an HTML report: the verdicts, the latency CDFs, and the failing
                           seeds with their replay commands, the first few drawn as sequence diagrams
  --orders login-only, --idempotency-record write-behind, --cache no-invalidation
                           apisim's own origin in a broken behaviour, for a principle without --config
  -h, --help               this text`;

async function main(argv: readonly string[], commands: SweepCommands): Promise<number> {
  // Watches how busy the machine is while the sweep gets ready, to size the pool (`pool-size.ts`).
  const probe = cpuProbe();
  const { values, positionals } = parseCommandLine(argv, {
    seeds: { type: 'string', example: '1-2000' },
    faults: { type: 'string', multiple: true, example: 'loss=5%' },
    workers: { type: 'integer', range: [1, 9999], example: '2' },
    shard: { type: 'string', example: '1/2' },
    'until-first-failure': { type: 'boolean' },
    'time-budget': { type: 'string', example: '10m' },
    out: { type: 'string', example: 'reports/local/sweep' },
    html: { type: 'string', example: 'sweep.html' },
    file: { type: 'string', example: 'my.json' },
    config: { type: 'string', example: 'apisim.config.ts' },
    merge: { type: 'boolean' },
    orders: { type: 'choice', choices: ['owner-check', 'login-only'] },
    'idempotency-record': { type: 'choice', choices: ['with-effect', 'write-behind'] },
    cache: { type: 'choice', choices: ['rfc9111', 'no-invalidation'] },
    help: { type: 'boolean', short: 'h' },
  }, { max: Infinity }); // the shards to merge; otherwise one name, refused below in the command's own words
  if (values.help === true) {
    console.log(usageFor(commands.sweep));
    return 0;
  }
  const out = values.out ?? defaultOut;
  const html = values.html === undefined ? undefined : { file: values.html, command: [commands.sweep, ...argv].join(' ') };
  if (values.merge === true) return merge(positionals, out, html);

  // Only the behaviours named: the job travels to the workers, and an absent one means the origin's default.
  const own: OwnBehaviour = { ...(values.orders && { orders: values.orders }), ...(values['idempotency-record'] && { idempotencyRecord: values['idempotency-record'] }), ...(values.cache && { cache: values.cache }) };
  const jobs = await jobsOf(positionals, values.file, values.config, values.faults ?? [], own);
  const all = parseSeedRange(values.seeds ?? '1-1000');
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  const seeds: SeedRange | undefined = shard === undefined ? all : shardRange(all, shard);
  if (seeds === undefined) throw new UsageError(`--shard ${values.shard}: ${shard!.count} shards of ${seedCount(all)} seeds leave this one none`);
  const timeBudgetMs = values['time-budget'] === undefined ? undefined : parseDuration(values['time-budget']);
  const prepared = await Promise.all(jobs.map(prepareJob));
  const { workers, fewer } = await poolSizeHere(values.workers, seedCount(seeds) * jobs.length, probe);

  const shardText = shard === undefined ? '' : ` (shard ${shard.index}/${shard.count} of ${rangeText(all)})`;
  const heading = `${[...new Set(prepared.map((p) => p.target))].join(', ')} · seeds ${rangeText(seeds)}${shardText}`;
  console.log(`apisim sweep · ${heading} · ${workers} worker${workers === 1 ? '' : 's'}${fewer === undefined ? '' : ` (${fewer})`}`);
  for (const checks of new Set(prepared.map((p) => p.checks))) console.log(`judged by ${checks}`);
  const mixes = jobs.flatMap((j) => (j.kind === 'principle' ? [] : [j.faults.label]));
  if (mixes.some((m) => m !== asWritten.label)) console.log(`faults on the WAN: ${[...new Set(mixes)].join(' · ')}`);

  // One seed needs no pool: threads would only add their start-up.
  const runner = seedCount(seeds) * jobs.length === 1 ? inProcessRunner() : threadRunner(workers, jobs);
  const progress = progressWriter();
  let report;
  try {
    report = await runSweep({
      jobs, seeds, runner, parallelism: workers * 2, untilFirstFailure: values['until-first-failure'] === true, timeBudgetMs,
      settings: { counterexampleFolder: join(out, 'counterexamples'), simCommand: commands.sim },
      onProgress: progress.write,
    });
  } finally {
    progress.end();
    await runner.close();
  }
  console.log('');
  const ran = report.outcomes.length;
  const rate = ran / Math.max(report.wallMs / 1000, 1e-3);
  console.log(`${ran.toLocaleString('en-US')} seed${ran === 1 ? '' : 's'} in ${(report.wallMs / 1000).toFixed(1)} s, ${Math.round(rate).toLocaleString('en-US')} seeds/s on ${workers} worker${workers === 1 ? '' : 's'}: ${verdictCounts(report.outcomes)}.`);
  if (report.stopped === 'first-failure') {
    const first = report.outcomes.at(-1)!;
    console.log(`Stopped at the first failing seed, ${first.seed}${jobs.length > 1 ? ` of ${first.target} (faults ${first.faults})` : ''}: it took ${ran.toLocaleString('en-US')} seed${ran === 1 ? '' : 's'}.`);
  } else if (report.stopped === 'time-budget') {
    console.log(`The time budget (${values['time-budget']}) ran out: ${ran.toLocaleString('en-US')} of ${report.seedsPlanned.toLocaleString('en-US')} seeds ran, each whole; the rest did not start.`);
  } else if (nothingJudged(report.outcomes)) {
    console.log(`No seed could judge: nothing was checked, so nothing passed (exit 3). What the runs needed:\n${unrunReasons(report.outcomes)}`);
  } else if (report.outcomes.every((o) => !failed(o))) {
    console.log(`No seed failed${jobs.length > 1 ? '' : ` in ${rangeText(seeds)}`}.`);
  }
  await printReport(report.outcomes, report.latencies, out, html && { ...html, heading });
  return exitCodeOf(report.outcomes);
}

/** 1 when a seed failed; 3 when no seed could judge (nothing checked is no pass); else 0. */
function exitCodeOf(outcomes: readonly SeedOutcome[]): number {
  return outcomes.some(failed) ? 1 : nothingJudged(outcomes) ? 3 : 0;
}

/** Each reason a seed could not run, once. */
function unrunReasons(outcomes: readonly SeedOutcome[]): string {
  return [...new Set(outcomes.flatMap((o) => (o.verdict === 'unrun' ? o.findings : [])))].map((reason) => `  ${reason}`).join('\n');
}

/** `--html`: where, the command that asked for it, and what was swept. */
interface HtmlRequest {
  readonly file: string;
  readonly command: string;
  readonly heading: string;
}

async function printReport(outcomes: readonly SeedOutcome[], latencies: readonly LatencyRow[], out: string, html: HtmlRequest | undefined): Promise<void> {
  const list = failureList(outcomes);
  if (list.length > 0) console.log(`\n${list.join('\n')}`);
  const table = latencyTable(latencies);
  if (table.length > 0) console.log(`\n${table.join('\n')}`);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'sweep.csv'), sweepCsv(outcomes));
  writeFileSync(join(out, latencyFileName), latencyCsv(latencies));
  console.log(`\nWrote ${shown(join(out, 'sweep.csv'))} (a row per seed) and ${shown(join(out, latencyFileName))}.`);
  if (html === undefined) return;
  const page = await sweepHtml({ outcomes, latencies, heading: html.heading, command: html.command });
  mkdirSync(dirname(resolve(html.file)), { recursive: true });
  writeFileSync(html.file, page);
  console.log(`Wrote ${shown(html.file)}: the HTML report.`);
}

async function merge(files: readonly string[], out: string, html: Omit<HtmlRequest, 'heading'> | undefined): Promise<number> {
  const merged = mergeSweeps(files);
  console.log(`apisim sweep --merge · ${files.length} file${files.length === 1 ? '' : 's'}, ${merged.latencyFiles.length} latency file${merged.latencyFiles.length === 1 ? '' : 's'} added up`);
  console.log(`${merged.outcomes.length.toLocaleString('en-US')} seeds: ${verdictCounts(merged.outcomes)}.`);
  await printReport(merged.outcomes, merged.latencies, out, html && { ...html, heading: `${files.length} shards merged: ${[...new Set(merged.outcomes.map((o) => o.target))].join(', ')}` });
  return exitCodeOf(merged.outcomes);
}

async function jobsOf(positionals: readonly string[], file: string | undefined, config: string | undefined, faults: readonly string[], own: OwnBehaviour): Promise<SweepJob[]> {
  if (positionals.length > 1) throw new UsageError(`one scenario or principle at a time, got ${positionals.join(', ')}`);
  const name = positionals[0];
  const mixes = faults.length === 0 ? [asWritten] : faults.map(parseFaultMix);
  if (file !== undefined) {
    if (name !== undefined || config !== undefined) throw new UsageError('--file runs the scenario in the file: leave out the scenario or principle name and --config');
    return mixes.map((m) => ({ kind: 'file', path: resolve(file), faults: m }));
  }
  const scenario = name === undefined ? undefined : findBuiltin(name);
  if (scenario !== undefined) {
    if (config !== undefined) throw new UsageError(`"${name}" is a built-in scenario, on apisim's own origin: --config is for a principle on your target`);
    return mixes.map((m) => ({ kind: 'scenario', name: scenario.name, faults: m }));
  }
  if (faults.length > 0) throw new UsageError('--faults is for scenarios: a principle draws the faults of each run itself');
  const path = config === undefined ? undefined : resolve(config);
  if (name !== undefined) {
    if (!allPrinciples.some((p) => p.name === name)) {
      const near = didYouMean(name, [...builtinScenarios.map((s) => s.name), ...allPrinciples.map((p) => p.name)]);
      throw new UsageError(`"${name}" is neither a built-in scenario (npm run sim -- --list) nor a principle (${allPrinciples.map((p) => p.name).join(', ')})${near}`);
    }
    return [{ kind: 'principle', principle: name, config: path, own }];
  }
  if (path === undefined) throw new UsageError('nothing to sweep: name a built-in scenario or a principle, or give --file or --config');
  // Every principle that applies to the target, one job each: the description says which, the app is not
  // needed, unless the description is its OpenAPI document, which the app may serve.
  const loaded = await loadTarget(path);
  const target = loaded.target.openapi === undefined ? loaded.target : (await PreparedTarget.prepare(loaded)).target;
  const applicable = allPrinciples.filter((p) => {
    const why = p.notApplicable(target);
    if (why !== undefined) console.error(`sweep: ${p.name} is not checked on ${targetName(target)}: ${why}`);
    return why === undefined;
  });
  return applicable.map((p) => ({ kind: 'principle', principle: p.name, config: path, own }));
}

export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m|min|h)$/.exec(text.trim());
  if (match === null) throw new UsageError(`--time-budget takes a duration like 90s, 10m or 2h, got "${text}"`);
  const unitMs = { s: 1_000, m: 60_000, min: 60_000, h: 3_600_000 }[match[2] as 's' | 'm' | 'min' | 'h'];
  return Number(match[1]) * unitMs;
}

/** Progress on stderr: one line redrawn in a terminal, a line every few seconds in a log. */
function progressWriter() {
  const tty = process.stderr.isTTY;
  let lastMs = 0;
  let last = '';
  return {
    write: (p: Parameters<typeof progressLine>[0]) => {
      last = progressLine(p);
      const now = performance.now();
      if (tty) process.stderr.write(`\r${last}\u001b[K`);
      else if (now - lastMs >= 5_000 || p.seedsDone === p.seedsTotal) process.stderr.write(`${last}\n`);
      else return;
      lastMs = now;
    },
    end: () => {
      if (tty && last !== '') process.stderr.write('\n');
    },
  };
}

function shown(path: string): string {
  const fromHere = relative(process.cwd(), resolve(path));
  return fromHere.startsWith('..') ? resolve(path) : fromHere.split(sep).join('/');
}

/**
 * Runs the sweep CLI on `argv` and resolves to its exit code: 0 when every seed passed, 1 when one did not, 3 when none could judge,
 * 2 for a command line, scenario, target or file that cannot run.
 */
export async function sweepMain(argv: readonly string[], commands: SweepCommands = repoSweepCommands): Promise<number> {
  try {
    return await main(argv, commands);
  } catch (error) {
    if (error instanceof UsageError || error instanceof SeedRangeError || error instanceof FaultMixError) {
      console.error(`sweep: ${error.message}\n\n${usageFor(commands.sweep)}`);
      return 2;
    }
    if (error instanceof UserError) {
      console.error(`sweep: ${error.message}`);
      return 2;
    }
    throw error;
  }
}


