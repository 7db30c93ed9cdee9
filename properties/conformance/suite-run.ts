import type { Check, CheckContext, Finding } from './check.js';
import { BoundReached, type RequestBounds } from './request-bounds.js';
import { NoResponse } from './target-client.js';
import { LostOnTheLine } from './transport.js';
import { describeResponse, type SentExchange, type WireExchange, type WireRequest } from './wire.js';

export type Outcome = 'pass' | 'warn' | 'fail' | 'skip' | 'unrun' | 'error';

export interface CheckResult extends Pick<Check, 'name' | 'statement' | 'principle'> {
  readonly outcome: Outcome;
  /** One line. */
  readonly reason: string;
  readonly ms: number;
  readonly requests: number;
  readonly findings: readonly Finding[];
  /** For an error on a request (no response, a timeout): the request, to try by hand. */
  readonly unanswered: WireRequest | undefined;
  /** What the check made and its cleanup could not remove, one line each: to remove by hand. */
  readonly leftBehind: readonly string[];
  /** Every exchange the check made before its verdict, in order (its cleanup's left out): what `--html` draws. */
  readonly exchanges: readonly SentExchange[];
}

export interface SuiteResult {
  readonly results: readonly CheckResult[];
  readonly requests: number;
  readonly ms: number;
  /** Cleanup requests sent after `--max-requests` or `--max-time-ms` ran out (cleanup is never cut short). */
  readonly beyondBounds: number;
}

/** What every check is handed, before each gets its share of the bounds and its own cleanup. */
export type SuiteTarget = Omit<CheckContext, 'cleanup'> & {
  readonly bounds: RequestBounds;
  /** The clock the checks are timed on: the real one over sockets, the virtual one in the simulator. */
  readonly nowMs: () => number;
};

/**
 * Runs the checks one after another (a target is someone's deployment: one request at a time), each within
 * its share of the bounds, each followed by its cleanup whatever its verdict. A check that throws is an
 * `error`, never a pass; the run goes on with the next.
 */
export async function runSuite(checks: readonly Check[], target: SuiteTarget, progress: (line: string) => void = () => undefined): Promise<SuiteResult> {
  const started = target.nowMs();
  const usedBefore = target.bounds.used;
  const beyondBefore = target.bounds.beyond;
  const results: CheckResult[] = [];
  for (const [i, check] of checks.entries()) {
    progress(`[${i + 1}/${checks.length}] ${check.name} …`);
    const result = await runOne(check, target);
    results.push(result);
    progress(`[${i + 1}/${checks.length}] ${check.name}: ${result.outcome} in ${Math.round(result.ms)} ms, ${result.requests} requests: ${result.reason}`);
  }
  return { results, requests: target.bounds.used - usedBefore, ms: target.nowMs() - started, beyondBounds: target.bounds.beyond - beyondBefore };
}

async function runOne(check: Check, target: SuiteTarget): Promise<CheckResult> {
  const started = target.nowMs();
  const allowance = target.bounds.share(check.name, check.maxRequests);
  const cleanups: (() => Promise<unknown>)[] = [];
  const sent: SentExchange[] = [];
  const heard = (exchange: SentExchange) => void sent.push(exchange);
  const origin = target.origin.within(allowance, heard);
  const ctx: CheckContext = {
    origin,
    // In the simulator the one path goes through the cache: the check sees that it is the same client.
    cache: target.cache === target.origin ? origin : target.cache?.within(allowance, heard),
    user: target.user,
    otherUser: target.otherUser,
    settings: target.settings,
    shape: target.shape,
    cleanup: (action: () => Promise<unknown>) => void cleanups.push(action),
  };
  let result: Pick<CheckResult, 'outcome' | 'reason' | 'findings' | 'unanswered'>;
  try {
    const verdict = await check.run(ctx);
    result = { outcome: verdict.outcome, reason: verdict.reason, findings: verdict.outcome === 'fail' || verdict.outcome === 'warn' ? verdict.findings : [], unanswered: undefined };
  } catch (error) {
    if (error instanceof LostOnTheLine) {
      result = { outcome: 'unrun', reason: `could not run: ${error.message}, so the check could not finish (a lost answer is an outcome of the line, not of the service)`, findings: [], unanswered: error.request };
    } else {
      const known = error instanceof NoResponse || error instanceof BoundReached;
      const reason = known ? error.message : `the check itself failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
      result = { outcome: 'error', reason, findings: [], unanswered: error instanceof NoResponse ? error.request : undefined };
    }
  }
  allowance.lift();
  const exchanges = [...sent];
  const leftBehind: string[] = [];
  // Newest first: what was made last may depend on what was made before.
  for (const [i, action] of cleanups.reverse().entries()) {
    try {
      const undone = notUndone(await action());
      if (undone !== undefined) leftBehind.push(undone);
    } catch (error) {
      leftBehind.push(`cleanup step ${cleanups.length - i} of ${cleanups.length}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { name: check.name, statement: check.statement, principle: check.principle, ...result, ms: target.nowMs() - started, requests: allowance.used, leftBehind, exchanges };
}

/** A removal that did not take: anything but a 2xx, or 404 and 410 (it was already gone). */
function notUndone(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null || !('request' in answer) || !('response' in answer)) return undefined;
  const { request, response } = answer as WireExchange;
  if ((response.status >= 200 && response.status < 300) || response.status === 404 || response.status === 410) return undefined;
  return `${request.method} ${request.url} answered ${describeResponse(response, 80)}`;
}
