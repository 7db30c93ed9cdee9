import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve as absolute } from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { type CachegrindCounts, countsPer, modelCycles, parseCachegrindOut } from './cachegrind-counts.js';
import { startChild } from '../load/child-server.js';
import { type CountMode, countModes, graphQueriesPerRun, modesProblem, unitsPerRun } from './modes.js';
import { requestsPerRun, sendRequests, serverArgs, type SocketMode, socketModes } from './socket-requests.js';

const usage = `Usage: npm run bench:counts [-- --modes off,hash] [-- --runs 5,25]

What a round trip of the harness benchmark (trace off, hash, full; or, trace off, the trivial notes app behind
the fetch or the listener adapter, as in the adapter round trips benchmark), or one query of the graph
pipeline benchmark (graphql-jit bare, or apisim's warm path), or one request of npm run load's workloads
answered by a built npm start over a real socket (or by the node:http ceiling), costs in instructions, cache
misses and mispredicted branches, counted by valgrind's cachegrind: trace off and hash mode each count within about
0.3 % from run to run (a count worth acting on is still worth repeating), where the wall-clock rows of
npm run bench move by a tenth on a shared machine. Each mode runs twice, with few and with more runs, in separate processes; the difference, divided
by the round trips between them, leaves out node's startup and warm-up. Run one at a time: beside another
count, one checkout's hash mode read 41,069 instructions a round trip, alone 49,462. Needs valgrind (apt install
valgrind); takes about 2½ minutes on two cores. Writes reports/local/counts/round-trips.csv, or
graph-queries.csv for the graph modes, socket-requests.csv for the socket modes.

  --modes <list>   what to count, comma-separated (default off,hash): trace modes off, hash, full of
                   apisim's own origin, and fetch, listener for the adapters; or, alone, the graph modes
                   jit (graphql-jit bare) and graph (the warm path, request to response); or, alone, the
                   socket modes ceiling (node:http answering the graph workload's requests), get-origin and
                   graph-nested-sample (npm start answering the load workload of that name: only the server
                   process is counted, the requests come from this one). The first is the base the others
                   are compared with: --modes jit,graph reads the warm path against its anchor
  --runs <a,b>     runs of 1,000 round trips, ${graphQueriesPerRun} graph queries or ${requestsPerRun} requests, in the two processes (default 5,25)
  -h, --help       this text`;

const { values } = parseArgs({ options: { modes: { type: 'string', default: 'off,hash' }, runs: { type: 'string', default: '5,25' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const problem = modesProblem(values.modes.split(','));
if (problem !== undefined) {
  console.error(`${problem}\n\n${usage}`);
  process.exit(2);
}
const modes = values.modes.split(',') as CountMode[];
const unit = countModes[modes[0]!];
const [fewerRuns, moreRuns] = values.runs.split(',').map(Number) as [number, number];
if (!(Number.isInteger(fewerRuns) && Number.isInteger(moreRuns) && fewerRuns >= 1 && moreRuns > fewerRuns)) {
  console.error(`--runs wants two whole numbers, the second larger: got ${values.runs}\n\n${usage}`);
  process.exit(2);
}
if (spawnSync('valgrind', ['--version']).error !== undefined) {
  console.error('npm run bench:counts needs valgrind on the PATH (Debian, Ubuntu: apt install valgrind).');
  process.exit(2);
}

const outDir = join('reports', 'local', 'counts');
/**
 * The same absolute path from every checkout, its `node_modules` a link to this checkout's, and node told to
 * keep the link's path: where the code sits moved hash mode's count by 7 % between two checkouts of one
 * commit (module paths end up in the heap, and with them where collections fall).
 */
const buildDir = join(tmpdir(), 'apisim-bench-counts');
const entry = join(buildDir, 'bench', 'counts', 'round-trips-run.js');
await rm(buildDir, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join('bench', 'counts', 'tsconfig.json'), '--outDir', buildDir], { encoding: 'utf8' });
if (compiled.status !== 0) {
  console.error(`compiling the round-trip run failed:\n${compiled.stdout}${compiled.stderr}`);
  process.exit(1);
}
await symlink(absolute('node_modules'), join(buildDir, 'node_modules'), 'dir');
await mkdir(outDir, { recursive: true });

/**
 * One process under cachegrind. Node runs single-threaded (no concurrent compiler or collector) with fixed
 * hash and random seeds, so the same code gives the same counts, to a few thousand instructions. An old
 * generation that starts at 1 GB leaves out full collections: one fell inside the counted runs in one
 * checkout and not in another, which moved the same code's counts by a sixth. V8's memory reducer is off: it
 * starts full collections on wall-clock timers when a process allocates slowly, which a process under valgrind
 * always seems to, so where they fell depended on the host's speed (hash mode read 42,928 and 59,734
 * instructions a round trip in two runs of one checkout; with it off, 51,294–51,336 in three). The young
 * generation is pinned as in `npm run bench`, and its collections are counted.
 */
async function countedRun(mode: CountMode, runs: number): Promise<CachegrindCounts> {
  const file = absolute(outDir, `cachegrind.${mode}.${runs}.out`);
  const valgrind = [
    '--tool=cachegrind', '--cache-sim=yes', '--branch-sim=yes', `--cachegrind-out-file=${file}`,
    process.execPath, '--preserve-symlinks', '--single-threaded', '--hash-seed=1', '--random-seed=1', '--min-semi-space-size=16', '--initial-old-space-size=1024', '--no-memory-reducer',
  ];
  if (countModes[mode] === 'request') await countedServer(mode as SocketMode, runs, valgrind);
  else await countedProcess([...valgrind, entry, String(runs), mode], `${mode}, ${runs} runs`);
  return readFile(file, 'utf8').then(parseCachegrindOut).finally(() => rm(file, { force: true }));
}

function countedProcess(args: readonly string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', args, { cwd: buildDir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`valgrind exited with ${code} for ${what}:\n${stderr.slice(-2_000)}`))));
  });
}

/**
 * A built server under cachegrind, sent `runs` × `requestsPerRun` requests from this process, then stopped
 * with SIGTERM as a user stops it: cachegrind writes its counts as the process exits. Its start (and its
 * audit log's flushes, which follow the wall clock) are in both processes of a mode and cancel out.
 */
async function countedServer(mode: SocketMode, runs: number, valgrind: readonly string[]): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'apisim-counts-data-'));
  try {
    const { script, printed } = socketModes[mode];
    const server = await startChild('valgrind', [...valgrind, join(buildDir, ...script), ...serverArgs(mode, dataDir)], [printed], buildDir);
    try {
      await sendRequests(mode, server.urls.get(printed)!, runs * requestsPerRun);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const jobs = modes.flatMap((mode) => [fewerRuns, moreRuns].map((runs) => ({ mode, runs })));
const results = new Map<string, CachegrindCounts>();
const started = performance.now();
let next = 0;
let done = 0;
async function worker(): Promise<void> {
  while (next < jobs.length) {
    const { mode, runs } = jobs[next++]!;
    results.set(`${mode}/${runs}`, await countedRun(mode, runs));
    console.log(`  [${++done}/${jobs.length}] ${mode}, ${runs} runs counted (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
}
console.log(`Counting ${jobs.length} processes under cachegrind, ${Math.min(availableParallelism(), jobs.length)} at a time (each about a minute)...`);
await Promise.all(Array.from({ length: Math.min(availableParallelism(), jobs.length) }, worker));

const units = (moreRuns - fewerRuns) * unitsPerRun(modes[0]!);
const perUnit = new Map(modes.map((mode) => [mode, countsPer(results.get(`${mode}/${fewerRuns}`)!, results.get(`${mode}/${moreRuns}`)!, units)]));
const base = perUnit.get(modes[0]!)!;
const rows = modes.map((mode) => {
  const c = perUnit.get(mode)!;
  return {
    mode,
    instructions: Math.round(c.Ir),
    first_level_misses: Math.round(c.I1mr + c.D1mr + c.D1mw),
    instruction_misses: Math.round(c.I1mr),
    last_level_misses: Math.round((c.ILmr + c.DLmr + c.DLmw) * 10) / 10,
    mispredicted_branches: Math.round(c.Bcm + c.Bim),
    model_cycles: Math.round(modelCycles(c)),
    model_ratio_to_base: Math.round((modelCycles(base) / modelCycles(c)) * 1000) / 1000,
  };
});
const csv = join(outDir, { query: 'graph-queries.csv', request: 'socket-requests.csv', 'round trip': 'round-trips.csv' }[unit]);
await writeFile(csv, stringify(rows, { header: true }));
console.log({
  query: `\nPer query of the nested sample, ${units.toLocaleString('en-US')} queries between the two processes of each mode:`,
  request: `\nPer request answered (the server's process only), ${units.toLocaleString('en-US')} requests between the two processes of each mode:`,
  'round trip': `\nPer round trip (10 events), ${units.toLocaleString('en-US')} round trips between the two processes of each mode:`,
}[unit]);
console.table(rows);
console.log(`Model cycles weigh the counts (see bench/counts/cachegrind-counts.ts); a ratio is the base's model cycles over the mode's.
Under valgrind, SHA-256 runs without the CPU's SHA instructions (about 27 instructions a byte): hash mode's counts, and the graph path's document-cache key, hold more of it than a native run spends.
Wrote ${csv}.`);
