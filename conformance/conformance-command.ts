import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Caller } from './caller.js';
import { allChecks } from './check-list.js';
import { type ConformanceOptions, parseCommandLine, usage } from './cli-options.js';
import { jsonReport } from './json-report.js';
import { junitReport } from './junit-report.js';
import { BoundReached, RequestBounds } from './request-bounds.js';
import { resultTable, summaryLine } from './result-table.js';
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
async function prepare(options: ConformanceOptions, bounds: RequestBounds): Promise<Omit<SuiteTarget, 'settings' | 'bounds'>> {
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

/** `npm run conformance -- …`: returns the exit code (0 passed, 1 a check failed or errored, 2 usage or unreachable). */
export async function runConformance(argv: readonly string[], io: CommandIo): Promise<number> {
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
  const checks = options.only === undefined ? allChecks : allChecks.filter((c) => options.only!.includes(c.name));
  const target = `${options.baseUrl}${options.cacheUrl === undefined ? '' : ` (cache ${options.cacheUrl})`}`;
  io.stderr(`conformance: ${checks.length} checks against ${target} as ${describeCaller(prepared.user)} and ${describeCaller(prepared.otherUser)}\n`);
  const suite = await runSuite(checks, { ...prepared, settings: { ...options.settings, runId: randomUUID().slice(0, 8) }, bounds }, (text) => io.stderr(`${text}\n`));

  if (options.json) {
    io.stdout(`${JSON.stringify(jsonReport(suite, options), null, 2)}\n`);
    io.stderr(`${summaryLine(suite, target)}\n`);
  } else {
    io.stdout(resultTable(suite, target));
  }
  if (options.junitFile !== undefined) {
    try {
      await writeFile(options.junitFile, junitReport(suite, target));
    } catch (error) {
      io.stderr(`conformance: cannot write --junit ${options.junitFile}: ${error instanceof Error ? error.message : String(error)}\n`);
      return exitCodes.usage;
    }
  }
  return suite.results.some((r) => r.outcome === 'fail' || r.outcome === 'error') ? exitCodes.failed : exitCodes.passed;
}
