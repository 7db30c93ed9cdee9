import { request, type HttpRequest, type HttpResponse } from '../../src/http/message.js';
import type { Origin } from '../../src/origin.js';
import { TestOrigin } from '../../src/testing-kit.js';
import { credentialHeaders } from './fuzz-credentials.js';
import type { Attempt } from './fuzz-requests.js';

/** What a fuzz property sends to: the origin itself, or a variant built around it that must break the property. */
export type Target = Pick<Origin, 'handle' | 'state'>;
export type Variant = (t: TestOrigin) => Target;

export const realOrigin: Variant = (t) => t.origin;

/** One request and what came of it: a response, or what the origin threw (or rejected with). */
export interface FuzzExchange {
  readonly attempt: Attempt;
  readonly request: HttpRequest;
  readonly outcome: { readonly ok: true; readonly response: HttpResponse } | { readonly ok: false; readonly error: unknown };
  /** `origin.state()` as JSON before and after the request. */
  readonly stateBefore: string;
  readonly stateAfter: string;
}

/** A principle's verdict on one exchange: undefined when it holds, else what went wrong. */
export type Judge = (x: FuzzExchange) => string | undefined;

/**
 * Sends the attempts in order to a fresh origin (through `variant`) and throws, with the request described,
 * at the first exchange the judge condemns. A fresh origin per run keeps each run independent of the others,
 * and costs under a millisecond.
 */
export async function fuzzRun(attempts: readonly Attempt[], judge: Judge, variant: Variant = realOrigin): Promise<void> {
  const t = new TestOrigin();
  const target = variant(t);
  for (const [i, attempt] of attempts.entries()) {
    const req = request(attempt.method, attempt.path, { ...attempt.headers, ...(await credentialHeaders(t, attempt.credential)) }, attempt.body);
    const stateBefore = JSON.stringify(target.state());
    let outcome: FuzzExchange['outcome'];
    try {
      outcome = { ok: true, response: await target.handle(req) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    const verdict = judge({ attempt, request: req, outcome, stateBefore, stateAfter: JSON.stringify(target.state()) });
    if (verdict !== undefined) throw new Error(`${verdict}\n  request ${i + 1} of ${attempts.length}: ${described(attempt)}`);
  }
}

const shown = (text: string, max = 160) => (text.length <= max ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, max))}... (${text.length} characters)`);

/** The request in a line or two: long texts cut, so a 64 KiB body does not bury the message. */
export function described(a: Attempt): string {
  const headers = Object.entries(a.headers).slice(0, 6).map(([name, value]) => `${name}: ${shown(value, 60)}`);
  const more = Object.keys(a.headers).length > 6 ? [`... ${Object.keys(a.headers).length - 6} more headers`] : [];
  return `${shown(a.method, 20)} ${shown(a.path, 120)} credential ${shown(JSON.stringify(a.credential), 200)}` +
    `${headers.length > 0 ? ` headers {${[...headers, ...more].join(', ')}}` : ''}${a.body === undefined ? '' : ` body ${shown(a.body)}`}`;
}

/** A short account of what the origin threw. */
export function thrown(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : String(error);
}
