import type { HttpResponse } from '../../src/http/message.js';

/**
 * A response as the agreement test compares it: status, end-to-end header fields and body text, with what
 * legitimately differs between a simulated and a real run masked: credentials and ids drawn at random
 * (session ids, JWTs), and what depends on elapsed time (the cost budget refills while the clock runs, and
 * `age` is whole seconds of it). Header fields only a real hop writes (`date`, `via`, `cache-status`, the
 * framing fields) are left out.
 */
export interface ComparableResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

const transportFields = new Set(['date', 'via', 'cache-status', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export function comparable(res: HttpResponse): ComparableResponse {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(res.headers).sort()) {
    if (transportFields.has(name)) continue;
    headers[name] = name === 'age' ? '<seconds>' : masked(res.headers[name]!);
  }
  return { status: res.status, headers, body: res.body === undefined ? undefined : masked(res.body) };
}

/** The same masks over any JSON value, for final states. */
export function comparableJson(value: unknown): unknown {
  return JSON.parse(masked(JSON.stringify(value))) as unknown;
}

/**
 * A subscription as the agreement test compares it: how it ended, its handshake, and what the server sent for
 * it (types and payloads, in order), with the masks above and the budget's wait, which is elapsed time too.
 */
export function comparableSubscription(record: {
  readonly outcome: string;
  readonly handshakeStatus: number | undefined;
  readonly received: readonly { readonly type: string; readonly payload: unknown }[];
  readonly close: { readonly code: number; readonly reason: string } | undefined;
}): unknown {
  const received = record.received.map(({ type, payload }) => ({ type, payload }));
  const text = masked(JSON.stringify({ outcome: record.outcome, handshakeStatus: record.handshakeStatus, received, close: record.close }))
    .replace(/"retryAfterSeconds":\d+/g, '"retryAfterSeconds":"<time-dependent>"')
    .replace(/again in \d+ s/g, 'again in <time-dependent> s');
  return JSON.parse(text) as unknown;
}

function masked(text: string): string {
  return text
    .replace(/eyJ[\w-]*\.[\w-]*\.[\w-]*/g, '<jwt>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/"currentlyAvailable":\d+/g, '"currentlyAvailable":"<time-dependent>"');
}
