import { curlCommand } from './curl-command.js';
import type { CheckResult, Outcome, SuiteResult } from './suite-run.js';

export interface JsonFinding {
  readonly what: string;
  readonly expected: string;
  readonly got: string;
  readonly request: { readonly method: string; readonly url: string };
  readonly status: number;
  /** The command line that sends the request again, credential and body included. */
  readonly curl: string;
}

/** A check's result as the report writes it: findings and the unanswered request with their `curl`. */
export type JsonCheck = Omit<CheckResult, 'findings' | 'unanswered'> & {
  readonly findings: readonly JsonFinding[];
  /** For an `error` on a request that got no response. */
  readonly unanswered?: { readonly method: string; readonly url: string; readonly curl: string };
};

export interface JsonReport {
  readonly target: { readonly baseUrl: string; readonly cacheUrl: string | null };
  /** No check failed or ended in an error. */
  readonly passed: boolean;
  readonly summary: { readonly pass: number; readonly fail: number; readonly skip: number; readonly error: number; readonly requests: number; readonly ms: number };
  readonly checks: readonly JsonCheck[];
}

/** The machine-readable result (`--json`): every finding with its reproducing `curl`. */
export function jsonReport(suite: SuiteResult, target: { readonly baseUrl: string; readonly cacheUrl: string | undefined }): JsonReport {
  const count = (outcome: Outcome) => suite.results.filter((r) => r.outcome === outcome).length;
  return {
    target: { baseUrl: target.baseUrl, cacheUrl: target.cacheUrl ?? null },
    passed: count('fail') === 0 && count('error') === 0,
    summary: { pass: count('pass'), fail: count('fail'), skip: count('skip'), error: count('error'), requests: suite.requests, ms: Math.round(suite.ms) },
    checks: suite.results.map((r) => ({
      name: r.name,
      principle: r.principle,
      outcome: r.outcome,
      reason: r.reason,
      ms: Math.round(r.ms),
      requests: r.requests,
      findings: r.findings.map((f) => ({
        what: f.what,
        expected: f.expected,
        got: f.got,
        request: { method: f.exchange.request.method, url: f.exchange.request.url },
        status: f.exchange.response.status,
        curl: curlCommand(f.exchange.request),
      })),
      ...(r.unanswered === undefined ? {} : { unanswered: { method: r.unanswered.method, url: r.unanswered.url, curl: curlCommand(r.unanswered) } }),
    })),
  };
}
