import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Caller } from './caller.js';
import { allChecks } from './check-list.js';
import { type ConfigOptions, type ConformanceOptions, type DescribedOptions, parseConformanceCli, usage } from './conformance-options.js';
import { runSettings } from './conformance-settings.js';
import type { ConfigReaders, DescribedUser } from './described-target.js';
import { shellQuote } from './curl-command.js';
import { belowRequired, checksCoverage, coveredPercent, coverageText, uncovered } from './coverage-matrix.js';
import { conformanceHtml } from './html-report.js';
import { ConfigRefused, type OpenInProcess } from './in-process.js';
import { jsonReport } from './json-report.js';
import { junitReport } from './junit-report.js';
import { BoundReached, RequestBounds } from './request-bounds.js';
import { byCurl, byReplay, type Reproduction } from './reproduction.js';
import { resultTable, summaryLine } from './result-table.js';
import { itemPath, type ServiceShape, specShape } from './service-shape.js';
import { withGivenSettings } from './shape-overrides.js';
import { SignInFailed, signIn } from './sign-in.js';
import { type CheckResult, runSuite, type SuiteTarget } from './suite-run.js';
import { NoResponse, TargetClient } from './target-client.js';
import { describeResponse } from './wire.js';

export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** `nothingChecked`: no check passed or failed (all skipped or could not run), which no CI job should read as green. */
export const exitCodes = { passed: 0, failed: 1, usage: 2, nothingChecked: 3 } as const;

/** A run over sockets, wherever its shape and users came from: the spec and the command line, or a description. */
interface SocketRun extends Pick<ConformanceOptions, 'baseUrl' | 'cacheUrl' | 'timeoutMs' | 'maxRequests' | 'maxTimeMs' | 'only' | 'json' | 'junitFile' | 'htmlFile' | 'requireAll' | 'requireCoverage'> {
  readonly shape: ServiceShape;
  /** Undefined when no one declared users: the checks that need a caller skip. */
  readonly users: { readonly user: DescribedUser; readonly otherUser: DescribedUser } | undefined;
  /** For the report: the URLs, and the description when there is one. */
  readonly target: string;
}

const noCredential = (role: Caller['role']): Caller => ({ role, label: 'no credential', headers: {}, userId: undefined, cookie: undefined });

/** Checks that the target answers and both credentials are accepted; anything else is not worth a run. */
async function prepare(run: SocketRun, bounds: RequestBounds): Promise<Pick<SuiteTarget, 'origin' | 'cache' | 'user' | 'otherUser'>> {
  const origin = new TargetClient(run.baseUrl, run.timeoutMs, bounds);
  const cache = run.cacheUrl === undefined ? undefined : new TargetClient(run.cacheUrl, run.timeoutMs, bounds);
  // An object a user may own is guarded, so a refused credential shows there as a 401; without one, only whether anything answers.
  const owned = run.shape.owned[0];
  const probe = owned === undefined ? '/' : itemPath(owned.item, owned.probeIds[0] ?? '0');
  await origin.send('GET', probe);
  await cache?.send('GET', probe);
  if (run.users === undefined) return { origin, cache, user: noCredential('user'), otherUser: noCredential('other-user') };
  const user = await signIn(run.users.user.credential, 'user', origin, run.users.user.id);
  const otherUser = await signIn(run.users.otherUser.credential, 'other-user', origin, run.users.otherUser.id);
  for (const caller of [user, otherUser]) {
    if (owned === undefined) break;
    const { response } = await origin.send('GET', probe, { as: caller });
    if (response.status === 401) throw new SignInFailed(`${caller.role}: the credential of ${caller.label} is not accepted: GET ${probe} answered ${describeResponse(response)}`);
  }
  if (user.userId !== undefined && user.userId === otherUser.userId) throw new SignInFailed(`the user and the other user are the same user (${user.userId}): owner isolation needs two`);
  return { origin, cache, user, otherUser };
}

const describeCaller = (caller: Caller) => `${caller.label}${caller.userId === undefined ? '' : ` (user ${caller.userId})`}`;

/** What the report needs beyond the results: the options it was asked for, what it ran against, how to reproduce. */
interface Reporting {
  readonly options: Pick<ConformanceOptions, 'json' | 'junitFile' | 'htmlFile' | 'requireAll' | 'requireCoverage'>;
  /** The description's operations, the coverage matrix's rows; undefined when the target names none. */
  readonly operations: ServiceShape['operations'];
  /** One line for humans. */
  readonly target: string;
  /** What `--json` names as the target. */
  readonly addresses: { readonly baseUrl: string; readonly cacheUrl: string | undefined };
  readonly reproduction: Reproduction;
  /** The command line, as `--html` shows what made the report. */
  readonly command: string;
}

/**
 * `npm run conformance -- …` and `npx apisim conformance …`: returns the exit code (`exitCodes`: 0 passed,
 * 1 a check failed or errored, or with `--require-all` did not pass, 2 usage or unreachable, 3 nothing was
 * checked). `readers` read a `--config`: in the simulator, or for a run over
 * sockets; the suite itself knows no description and no simulator, so the entry point that has them hands
 * them in.
 */
export async function runConformance(argv: readonly string[], io: CommandIo, readers?: ConfigReaders): Promise<number> {
  const line = parseConformanceCli(argv);
  const command = ['npx apisim conformance', ...argv.map(shellQuote)].join(' ');
  switch (line.kind) {
    case 'help':
      io.stdout(`${usage}\n`);
      return exitCodes.passed;
    case 'list':
      io.stdout(allChecks.map((c) => `${c.name}\n    ${c.statement}\n`).join(''));
      return exitCodes.passed;
    case 'usage-error':
      io.stderr(`conformance: ${line.error}\nRun with --help for the options.\n`);
      return exitCodes.usage;
    case 'run-config':
    case 'run-described':
      if (readers === undefined) {
        io.stderr('conformance: --config reads a target description: run it as npx apisim conformance --config <file>\n');
        return exitCodes.usage;
      }
      return line.kind === 'run-config' ? runInProcess(line.options, io, readers.openInProcess, command) : runDescribed(line.options, io, readers, command);
    case 'run': {
      const options = line.options;
      return runOverSockets({
        ...options, shape: { ...specShape(options.settings), publicEndpoints: options.publicEndpoints }, target: addressesOf(options),
        users: { user: { credential: options.user, id: options.userId }, otherUser: { credential: options.otherUser, id: options.otherUserId } },
      }, io, command);
    }
  }
}

const addressesOf = (options: Pick<ConformanceOptions, 'baseUrl' | 'cacheUrl'>) => `${options.baseUrl}${options.cacheUrl === undefined ? '' : ` (cache ${options.cacheUrl})`}`;

async function runOverSockets(run: SocketRun, io: CommandIo, command: string): Promise<number> {
  if (nothingToCover(run.requireCoverage, run.shape.operations, run.target, io)) return exitCodes.usage;
  const bounds = new RequestBounds(run.maxRequests, run.maxTimeMs, () => performance.now());
  let prepared;
  try {
    prepared = await prepare(run, bounds);
  } catch (error) {
    if (!(error instanceof NoResponse || error instanceof SignInFailed || error instanceof BoundReached)) throw error;
    io.stderr(`conformance: ${error instanceof NoResponse ? 'target unreachable: ' : ''}${error.message}\n`);
    return exitCodes.usage;
  }
  const checks = selected(run.only);
  const users = run.shape.users ? ` as ${describeCaller(prepared.user)} and ${describeCaller(prepared.otherUser)}` : '';
  io.stderr(`conformance: ${checks.length} checks against ${run.target}${users}\n`);
  const settings = runSettings(randomUUID().slice(0, 8));
  const suite = await runSuite(checks, { ...prepared, settings, shape: run.shape, bounds, nowMs: () => performance.now() }, (text) => io.stderr(`${text}\n`));
  return report(suite, { options: run, operations: run.shape.operations, target: run.target, addresses: run, reproduction: byCurl, command }, io);
}

/**
 * `--config` with `--base-url`: the description's shape and users against the deployment at the URL. What
 * the command line gives wins: `--user` replaces the description's user (its id too), `--user-id` names
 * the user's id, and the settings options tune the described shape.
 */
async function runDescribed(options: DescribedOptions, io: CommandIo, readers: ConfigReaders, command: string): Promise<number> {
  let described;
  try {
    described = await readers.describe(options.configFile);
  } catch (error) {
    if (!(error instanceof ConfigRefused)) throw error;
    io.stderr(`conformance: ${error.message}\n`);
    return exitCodes.usage;
  }
  const shape = withGivenSettings(described.shape, options.given);
  const users = usersOf(options, described.users);
  if ('errors' in shape || typeof users === 'string') {
    const problems = [...('errors' in shape ? shape.errors : []), ...(typeof users === 'string' ? [users] : [])];
    io.stderr(problems.map((problem) => `conformance: ${problem}\n`).join(''));
    return exitCodes.usage;
  }
  const target = `${addressesOf(options)}, described by ${options.configFile} (${described.name})`;
  const publicEndpoints = [...shape.publicEndpoints, ...options.publicEndpoints];
  return runOverSockets({ ...options, shape: { ...shape, users: users !== undefined, publicEndpoints }, users, target }, io, command);
}

/** Each user from the command line when it names them, else from the description; a usage error's message when only one is known. */
function usersOf(options: DescribedOptions, declared: SocketRun['users']): SocketRun['users'] | string {
  const pick = (credential: DescribedOptions['user'], id: string | undefined, described: DescribedUser | undefined): DescribedUser | undefined =>
    credential !== undefined ? { credential, id } : described === undefined ? undefined : { credential: described.credential, id: id ?? described.id };
  const user = pick(options.user, options.userId, declared?.user);
  const otherUser = pick(options.otherUser, options.otherUserId, declared?.otherUser);
  if (user !== undefined && otherUser !== undefined) return { user, otherUser };
  if (user === undefined && otherUser === undefined && options.userId === undefined && options.otherUserId === undefined) return undefined;
  return `${options.configFile} declares no users: give both --user and --other-user (owner isolation needs two)`;
}

const selected = (only: readonly string[] | undefined) => (only === undefined ? allChecks : allChecks.filter((c) => only.includes(c.name)));

/** `--config`: the checks in the simulator, against the app the target description names. */
async function runInProcess(options: ConfigOptions, io: CommandIo, openInProcess: OpenInProcess, command: string): Promise<number> {
  let opened;
  try {
    opened = await openInProcess({ ...options, traceHops: options.htmlFile !== undefined });
  } catch (error) {
    if (!(error instanceof ConfigRefused)) throw error;
    io.stderr(`conformance: ${error.message}\n`);
    return exitCodes.usage;
  }
  try {
    if (nothingToCover(options.requireCoverage, opened.shape.operations, opened.label, io)) return exitCodes.usage;
    const bounds = new RequestBounds(options.maxRequests, options.maxTimeMs, opened.nowMs);
    const origin = new TargetClient(opened.transport, options.maxTimeMs, bounds);
    const checks = selected(options.only);
    const users = opened.shape.users ? ` as ${describeCaller(opened.user)} and ${describeCaller(opened.otherUser)}` : '';
    io.stderr(`conformance: ${checks.length} checks against ${opened.label}${users}\n`);
    // What the run makes is told apart by its seed: the same seed sends the same requests, so it replays.
    const settings = runSettings(`seed${options.seed}`);
    const suite = await runSuite(checks, { origin, cache: origin, user: opened.user, otherUser: opened.otherUser, settings, shape: opened.shape, bounds, nowMs: opened.nowMs }, (text) => io.stderr(`${text}\n`));
    return await report(suite, { options, operations: opened.shape.operations, target: opened.label, addresses: { baseUrl: opened.transport.baseUrl, cacheUrl: undefined }, reproduction: byReplay(options), command }, io);
  } finally {
    opened.close();
  }
}

/** `--require-coverage` on a target whose description names no OpenAPI document: there are no operations to count. */
function nothingToCover(required: number | undefined, operations: ServiceShape['operations'], target: string, io: CommandIo): boolean {
  if (required === undefined || operations !== undefined) return false;
  io.stderr(`conformance: --require-coverage counts the operations of an OpenAPI description, and ${target} names none: add openapi to the target description\n`);
  return true;
}

async function report(suite: Awaited<ReturnType<typeof runSuite>>, reporting: Reporting, io: CommandIo): Promise<number> {
  const { options, target, reproduction } = reporting;
  const required = options.requireCoverage;
  const coverage = reporting.operations === undefined ? undefined : checksCoverage(reporting.operations, suite.results);
  if (options.json) {
    io.stdout(`${JSON.stringify({ ...jsonReport(suite, reporting.addresses, reproduction), ...(coverage === undefined ? {} : { coverage: { ...coverage, percent: coveredPercent(coverage), uncovered: uncovered(coverage) } }) }, null, 2)}\n`);
    io.stderr(`${summaryLine(suite, target)}\n`);
  } else {
    io.stdout(`${resultTable(suite, target, reproduction)}${coverage === undefined ? '' : `\n${coverageText(coverage, 'check')}\n`}`);
  }
  const below = coverage === undefined || required === undefined ? undefined : belowRequired('conformance', coverage, required, 'check');
  const covered = coverage === undefined ? undefined : { matrix: coverage, required, below };
  const files = [
    { option: '--junit', file: options.junitFile, text: () => junitReport(suite, target, reproduction, covered) },
    { option: '--html', file: options.htmlFile, text: () => conformanceHtml(suite, { target, cacheUrl: reporting.addresses.cacheUrl, reproduction, command: reporting.command, coverage: covered }) },
  ];
  for (const { option, file, text } of files) {
    if (file === undefined) continue;
    try {
      // A report's folder (reports/, a CI artefacts folder) need not exist yet, as the sweep's --out need not.
      await mkdir(dirname(resolve(file)), { recursive: true });
      await writeFile(file, text());
    } catch (error) {
      io.stderr(`conformance: cannot write ${option} ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
      return exitCodes.usage;
    }
  }
  if (below !== undefined) {
    io.stderr(`${below}\n`);
    return exitCodes.failed;
  }
  return exitCode(suite.results, options.requireAll);
}

/** A failure or an error fails the run; so, with `--require-all`, does any check that did not pass (a warning passed). */
export function exitCode(results: readonly Pick<CheckResult, 'outcome'>[], requireAll: boolean): number {
  if (results.some((r) => r.outcome === 'fail' || r.outcome === 'error')) return exitCodes.failed;
  if (requireAll && results.some((r) => r.outcome !== 'pass' && r.outcome !== 'warn')) return exitCodes.failed;
  return results.some((r) => r.outcome === 'pass' || r.outcome === 'warn') ? exitCodes.passed : exitCodes.nothingChecked;
}
