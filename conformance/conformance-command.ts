import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Caller } from './caller.js';
import { allChecks } from './check-list.js';
import { type ConfigOptions, type ConformanceOptions, parseCommandLine, usage } from './cli-options.js';
import { ConfigRefused, type OpenInProcess } from './in-process.js';
import { jsonReport } from './json-report.js';
import { junitReport } from './junit-report.js';
import { BoundReached, RequestBounds } from './request-bounds.js';
import { byCurl, byReplay, type Reproduction } from './reproduction.js';
import { resultTable, summaryLine } from './result-table.js';
import { specShape } from './service-shape.js';
import { SignInFailed, signIn } from './sign-in.js';
import { runSuite, type SuiteTarget } from './suite-run.js';
import { NoResponse, TargetClient } from './target-client.js';
import { describeResponse } from './wire.js';

export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

export const exitCodes = { passed: 0, failed: 1, usage: 2 } as const;

/** Checks that the target answers and both credentials are accepted; anything else is not worth a run. */
async function prepare(options: ConformanceOptions, bounds: RequestBounds): Promise<Pick<SuiteTarget, 'origin' | 'cache' | 'user' | 'otherUser'>> {
  const origin = new TargetClient(options.baseUrl, options.timeoutMs, bounds);
  const cache = options.cacheUrl === undefined ? undefined : new TargetClient(options.cacheUrl, options.timeoutMs, bounds);
  const probe = `/orders/${options.settings.orderIds[0]!}`;
  await origin.send('GET', probe);
  await cache?.send('GET', probe);
  const user = await signIn(options.user, 'user', origin, options.userId);
  const otherUser = await signIn(options.otherUser, 'other-user', origin, options.otherUserId);
  for (const caller of [user, otherUser]) {
    const { response } = await origin.send('GET', probe, { as: caller });
    if (response.status === 401) throw new SignInFailed(`--${caller.role}: the credential is not accepted: GET ${probe} answered ${describeResponse(response)}`);
  }
  if (user.userId !== undefined && user.userId === otherUser.userId) throw new SignInFailed(`--user and --other-user are the same user (${user.userId}): owner isolation needs two`);
  return { origin, cache, user, otherUser };
}

const describeCaller = (caller: Caller) => `${caller.label}${caller.userId === undefined ? '' : ` (user ${caller.userId})`}`;

/** What the report needs beyond the results: the options it was asked for, what it ran against, how to reproduce. */
interface Reporting {
  readonly options: Pick<ConformanceOptions, 'json' | 'junitFile'>;
  /** One line for humans. */
  readonly target: string;
  /** What `--json` names as the target. */
  readonly addresses: { readonly baseUrl: string; readonly cacheUrl: string | undefined };
  readonly reproduction: Reproduction;
}

/**
 * `npm run conformance -- …` and `npx apisim conformance …`: returns the exit code (0 passed, 1 a check
 * failed or errored, 2 usage or unreachable). `openInProcess` runs a `--config` in the simulator; the suite
 * itself knows no simulator, so the entry point that has one hands it in.
 */
export async function runConformance(argv: readonly string[], io: CommandIo, openInProcess?: OpenInProcess): Promise<number> {
  const line = parseCommandLine(argv);
  switch (line.kind) {
    case 'help':
      io.stdout(`${usage}\n`);
      return exitCodes.passed;
    case 'list':
      io.stdout(allChecks.map((c) => `${c.name}\n    ${c.principle}\n`).join(''));
      return exitCodes.passed;
    case 'usage-error':
      io.stderr(`conformance: ${line.error}\nRun with --help for the options.\n`);
      return exitCodes.usage;
    case 'run-config':
      if (openInProcess === undefined) {
        io.stderr('conformance: --config runs the checks in the simulator: run it as npx apisim conformance --config <file>\n');
        return exitCodes.usage;
      }
      return runInProcess(line.options, io, openInProcess);
    case 'run':
      break;
  }
  const options = line.options;
  const bounds = new RequestBounds(options.maxRequests, options.maxTimeMs, () => performance.now());
  let prepared;
  try {
    prepared = await prepare(options, bounds);
  } catch (error) {
    if (!(error instanceof NoResponse || error instanceof SignInFailed || error instanceof BoundReached)) throw error;
    io.stderr(`conformance: ${error instanceof NoResponse ? 'target unreachable: ' : ''}${error.message}\n`);
    return exitCodes.usage;
  }
  const checks = selected(options.only);
  const target = `${options.baseUrl}${options.cacheUrl === undefined ? '' : ` (cache ${options.cacheUrl})`}`;
  io.stderr(`conformance: ${checks.length} checks against ${target} as ${describeCaller(prepared.user)} and ${describeCaller(prepared.otherUser)}\n`);
  const settings = { ...options.settings, runId: randomUUID().slice(0, 8) };
  const suite = await runSuite(checks, { ...prepared, settings, shape: specShape(options.settings), bounds, nowMs: () => performance.now() }, (text) => io.stderr(`${text}\n`));
  return report(suite, { options, target, addresses: options, reproduction: byCurl }, io);
}

const selected = (only: readonly string[] | undefined) => (only === undefined ? allChecks : allChecks.filter((c) => only.includes(c.name)));

/** `--config`: the checks in the simulator, against the app the target description names. */
async function runInProcess(options: ConfigOptions, io: CommandIo, openInProcess: OpenInProcess): Promise<number> {
  let opened;
  try {
    opened = await openInProcess(options);
  } catch (error) {
    if (!(error instanceof ConfigRefused)) throw error;
    io.stderr(`conformance: ${error.message}\n`);
    return exitCodes.usage;
  }
  try {
    const bounds = new RequestBounds(options.maxRequests, options.maxTimeMs, opened.nowMs);
    const origin = new TargetClient(opened.transport, options.maxTimeMs, bounds);
    const checks = selected(options.only);
    const users = opened.shape.users ? ` as ${describeCaller(opened.user)} and ${describeCaller(opened.otherUser)}` : '';
    io.stderr(`conformance: ${checks.length} checks against ${opened.label}${users}\n`);
    // What the run makes is told apart by its seed: the same seed sends the same requests, so it replays.
    const settings = { orderIds: [], noteField: '', idempotencyKeyStyle: 'bare', graphUserId: undefined, graphMaxDepth: undefined, persistedQueries: 'off', runId: `seed${options.seed}` } as const;
    const suite = await runSuite(checks, { origin, cache: origin, user: opened.user, otherUser: opened.otherUser, settings, shape: opened.shape, bounds, nowMs: opened.nowMs }, (text) => io.stderr(`${text}\n`));
    return await report(suite, { options, target: opened.label, addresses: { baseUrl: opened.transport.baseUrl, cacheUrl: undefined }, reproduction: byReplay(options) }, io);
  } finally {
    opened.close();
  }
}

async function report(suite: Awaited<ReturnType<typeof runSuite>>, reporting: Reporting, io: CommandIo): Promise<number> {
  const { options, target, reproduction } = reporting;
  if (options.json) {
    io.stdout(`${JSON.stringify(jsonReport(suite, reporting.addresses, reproduction), null, 2)}\n`);
    io.stderr(`${summaryLine(suite, target)}\n`);
  } else {
    io.stdout(resultTable(suite, target, reproduction));
  }
  if (options.junitFile !== undefined) {
    try {
      await writeFile(options.junitFile, junitReport(suite, target, reproduction));
    } catch (error) {
      io.stderr(`conformance: cannot write --junit ${options.junitFile}: ${error instanceof Error ? error.message : String(error)}\n`);
      return exitCodes.usage;
    }
  }
  return suite.results.some((r) => r.outcome === 'fail' || r.outcome === 'error') ? exitCodes.failed : exitCodes.passed;
}
