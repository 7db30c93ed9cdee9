import type { HttpResponse } from '../http/message.js';
import { problem, problemResponse } from '../http/problem.js';
import { maxIdempotencyKeyLength } from './key.js';

/**
 * The error answers of draft-ietf-httpapi-idempotency-key-header §2.7 as RFC 9457 problem details, with the
 * draft's titles. The draft wants each to point at documentation: the `type` URI is that pointer (RFC 9457
 * §3.1.1), and `detail` states the rule itself, so a client needs nothing else to correct its request.
 */

export function keyMissing(method: string, pathname: string, retentionUs: number): HttpResponse {
  return problemResponse(problem(400, 'idempotency-key-missing', 'Idempotency-Key is missing',
    `${method} ${pathname} requires an Idempotency-Key header: ${keyRules(retentionUs)}`));
}

export function keyMalformed(reason: string, retentionUs: number): HttpResponse {
  return problemResponse(problem(400, 'idempotency-key-malformed', 'Idempotency-Key is malformed',
    `The Idempotency-Key header is not valid: ${reason}. ${capitalize(keyRules(retentionUs))}`));
}

export function keyReused(): HttpResponse {
  return problemResponse(problem(422, 'idempotency-key-reused', 'Idempotency-Key is already used',
    'This Idempotency-Key was already used with a different request (method, path or body). ' +
      'A key must not be reused across different payloads; send a new key for a new request.'));
}

export function keyInFlight(): HttpResponse {
  return problemResponse(problem(409, 'idempotency-key-in-flight', 'A request is outstanding for this Idempotency-Key',
    'A request with the same Idempotency-Key is still being processed. Retry later with the same key and body ' +
      'to receive its response.'));
}

function keyRules(retentionUs: number): string {
  return `a unique key of 1 to ${maxIdempotencyKeyLength} visible ASCII characters, bare or as a quoted string, ` +
    `sent again unchanged with every re-send. A key is kept for ${describeDuration(retentionUs)} after its response.`;
}

/** The largest whole unit, so the default reads "24 h" and a scenario's short retention still reads exactly. */
function describeDuration(us: number): string {
  if (us % 3_600_000_000 === 0) return `${us / 3_600_000_000} h`;
  if (us % 1_000_000 === 0) return `${us / 1_000_000} s`;
  return `${(us / 1000).toFixed(3)} ms`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
