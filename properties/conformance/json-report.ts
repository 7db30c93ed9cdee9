import { byCurl, type Reproduction } from './reproduction.js';
import type { CheckResult, Outcome, SuiteResult } from './suite-run.js';

/** A finding as the report writes it; `Kind` names the member with the reproducing command (`curl`, or `replay` in the simulator). */
export type JsonFinding<Kind extends string = 'curl'> = {
  readonly what: string;
  readonly expected: string;
  readonly got: string;
  readonly request: { readonly method: string; readonly url: string };
  readonly status: number;
} & {
  /** The command line that sends the request again (credential and body included), or that replays the check. */
  readonly [K in Kind]: string;
};

/** A check's result as the report writes it: findings and the unanswered request with their command. */
export type JsonCheck<Kind extends string = 'curl'> = Omit<CheckResult, 'findings' | 'unanswered' | 'exchanges'> & {
  readonly findings: readonly JsonFinding<Kind>[];
  /** For an `error` on a request that got no response. */
  readonly unanswered?: { readonly method: string; readonly url: string } & { readonly [K in Kind]: string };
};

export interface JsonReport<Kind extends string = 'curl'> {
  readonly target: { readonly baseUrl: string; readonly cacheUrl: string | null };
  /** No check failed or ended in an error. */
  readonly passed: boolean;
  /** No check passed or failed: every one was skipped, could not run, or ended in an error. */
  readonly nothingChecked: boolean;
  readonly summary: {
    readonly pass: number; readonly warn: number; readonly fail: number; readonly skip: number; readonly unrun: number; readonly error: number; readonly requests: number; readonly ms: number;
    /** Cleanup requests sent after the bounds ran out. */
    readonly beyondBounds: number;
  };
  readonly checks: readonly JsonCheck<Kind>[];
}

/** The machine-readable result (`--json`): every finding with its reproducing command. */
export function jsonReport<Kind extends string = 'curl'>(
  suite: SuiteResult,
  target: { readonly baseUrl: string; readonly cacheUrl: string | undefined },
  reproduction: Reproduction<Kind> = byCurl as unknown as Reproduction<Kind>,
): JsonReport<Kind> {
  const count = (outcome: Outcome) => suite.results.filter((r) => r.outcome === outcome).length;
  const command = (name: string, request: Parameters<Reproduction['command']>[1]) => ({ [reproduction.kind]: reproduction.command(name, request) }) as { readonly [K in Kind]: string };
  return {
    target: { baseUrl: target.baseUrl, cacheUrl: target.cacheUrl ?? null },
    passed: count('fail') === 0 && count('error') === 0,
    nothingChecked: count('pass') === 0 && count('fail') === 0,
    summary: { pass: count('pass'), warn: count('warn'), fail: count('fail'), skip: count('skip'), unrun: count('unrun'), error: count('error'), requests: suite.requests, ms: Math.round(suite.ms), beyondBounds: suite.beyondBounds },
    checks: suite.results.map((r: CheckResult) => ({
      name: r.name,
      principle: r.principle,
      statement: r.statement,
      outcome: r.outcome,
      reason: r.reason,
      ms: Math.round(r.ms),
      requests: r.requests,
      leftBehind: r.leftBehind,
      findings: r.findings.map((f) => ({
        what: f.what,
        expected: f.expected,
        got: f.got,
        request: { method: f.exchange.request.method, url: f.exchange.request.url },
        status: f.exchange.response.status,
        ...command(r.name, f.exchange.request),
      })),
      ...(r.unanswered === undefined ? {} : { unanswered: { method: r.unanswered.method, url: r.unanswered.url, ...command(r.name, r.unanswered) } }),
    })),
  };
}
