import type { Caller } from './caller.js';
import type { ConformanceSettings } from './conformance-settings.js';
import type { ServiceShape } from './service-shape.js';
import type { TargetClient } from './target-client.js';
import { describeResponse, type WireExchange } from './wire.js';

/** One thing the target did wrong, with the request that shows it. */
export interface Finding {
  /** One line: what went wrong. */
  readonly what: string;
  readonly expected: string;
  readonly got: string;
  readonly exchange: WireExchange;
}

export type Verdict =
  | { readonly outcome: 'pass'; readonly reason: string }
  /** The check does not apply here (no cache given, an area the target does not declare): not a pass. */
  | { readonly outcome: 'skip'; readonly reason: string }
  /**
   * The check applies but could not make what it needs (a note to work on, an object of the user's): the
   * principle was not judged, so neither a pass nor a failure of it.
   */
  | { readonly outcome: 'unrun'; readonly reason: string }
  | { readonly outcome: 'fail'; readonly reason: string; readonly findings: readonly Finding[] }
  /**
   * Findings about something apart from the spec's principles (an estimate that ignores list sizes while the
   * limit itself holds): reported with their requests, as a failure is, without failing the run.
   */
  | { readonly outcome: 'warn'; readonly reason: string; readonly findings: readonly Finding[] };

export interface CheckContext {
  /** The origin at `--base-url` (in the simulator: the one path there is, through its shared cache). */
  readonly origin: TargetClient;
  /** The cache at `--cache-url`, in front of the same origin, when given; in the simulator, `origin` itself. */
  readonly cache: TargetClient | undefined;
  readonly user: Caller;
  readonly otherUser: Caller;
  readonly settings: ConformanceSettings;
  /** Where the service's resources are: the spec's, or what a target description declares. */
  readonly shape: ServiceShape;
  /**
   * Runs `action` after the check, whatever its verdict: to remove what the check created. An action that
   * answers with an exchange is judged by it: anything but a 2xx, 404 or 410 is listed as left behind.
   */
  cleanup(action: () => Promise<unknown>): void;
}

/** A principle checked over HTTP alone, under a stable name. */
export interface Check {
  /** Stable, kebab-case, `<area>/<principle>`: what `--only`, the JSON and the JUnit report use. */
  readonly name: string;
  /** One line: what must hold. */
  readonly statement: string;
  /**
   * The principle of `properties/` this check probes, by its name (`authentication-first`), so that the two
   * can be held to the same verdict; or `null` for a check that probes something no principle states (a
   * limit's numbers, a persisted GET), the reason in a comment beside it. Required, so that a new check has
   * to say which. A name, not an import: the suite imports nothing of ours (a test outside it checks the name).
   */
  readonly principle: string | null;
  /** Most requests one run of the check may send; retries after a 429 and its cleanup count against the suite's bounds only. */
  readonly maxRequests: number;
  run(ctx: CheckContext): Promise<Verdict>;
}

export const pass = (reason: string): Verdict => ({ outcome: 'pass', reason });
export const skip = (reason: string): Verdict => ({ outcome: 'skip', reason });
/** "Could not run": what the check needed and why it could not have it, never a failure of the principle. */
export const unrun = (reason: string): Verdict => ({ outcome: 'unrun', reason: `could not run: ${reason}` });

/** A fixture the check could not make, as its verdict: what was asked and what came back. */
export const unmade = (what: string, exchange: WireExchange): Verdict => unrun(`${what}: ${exchange.request.method} ${new URL(exchange.request.url).pathname} answered ${describeResponse(exchange.response)}`);

/** Fails with the findings, its reason the first one's (and how many more), or passes with `passReason`. */
export function judged(findings: readonly Finding[], passReason: string): Verdict {
  const first = findings[0];
  if (first === undefined) return pass(passReason);
  const more = findings.length > 1 ? ` (and ${findings.length - 1} more)` : '';
  return { outcome: 'fail', reason: `${first.what}${more}`, findings };
}

/** Warns with the findings, its reason the first one's, or passes with `passReason`. */
export function warned(findings: readonly Finding[], passReason: string): Verdict {
  const verdict = judged(findings, passReason);
  return verdict.outcome === 'fail' ? { ...verdict, outcome: 'warn' } : verdict;
}

/** A finding whose "got" is the response itself. */
export function finding(what: string, expected: string, exchange: WireExchange): Finding {
  return { what, expected, got: describeResponse(exchange.response), exchange };
}

export const is2xx = (status: number): boolean => status >= 200 && status < 300;

/** 404, or 410: the object is not there (spec: 404; RFC 9110 §15.5.11 allows 410 for gone for good). */
export const gone = (status: number): boolean => status === 404 || status === 410;

/**
 * The DELETE removed the object: a 2xx, or, when the client re-sent it (its first answer lost on a faulty
 * line), a 404 or 410, the answer to a copy that came after an earlier copy had removed it (RFC 9110 §9.2.2:
 * DELETE is idempotent in its effect, not in its answer).
 */
export const deleted = (exchange: WireExchange): boolean => is2xx(exchange.response.status) || ((exchange.response.attempts ?? 1) > 1 && gone(exchange.response.status));
