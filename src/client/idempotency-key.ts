import { type HttpRequest, request, withHeaders } from '../http/message.js';
import { methodProperties } from '../http/methods.js';

import { idempotencyKeyHeader } from '../http/idempotency-key.js';

export { idempotencyKeyHeader };

/** Where keys come from; the simulator passes its seeded `keys` stream, a real client a CSPRNG. */
export interface KeySource {
  uuid(): string;
}

/**
 * The methods a key is for: every unsafe one. POST, PATCH and unknown methods need it to be re-sent at all;
 * PUT and DELETE are idempotent, but a late re-send of one can still undo another client's later write, and
 * under a key it is replayed instead (`src/idempotency/idempotent-handler.ts`, which honours the same methods).
 */
export function takesIdempotencyKey(method: string): boolean {
  return !methodProperties(method).safe;
}

/** An empty value is no key: the draft's key is a non-empty string, and an empty one identifies nothing. */
export function carriesIdempotencyKey(req: HttpRequest): boolean {
  const key = req.headers[idempotencyKeyHeader];
  return key !== undefined && key !== '';
}

/**
 * The request with a fresh key added, once per operation and before its first send, so that every attempt
 * carries the same key. A request that already has one keeps it: the caller chose it, perhaps to survive a
 * restart of the client.
 */
export function withIdempotencyKey(req: HttpRequest, keys: KeySource): HttpRequest {
  if (!takesIdempotencyKey(req.method) || carriesIdempotencyKey(req)) return req;
  return request(req.method, req.path, withHeaders(req.headers, { [idempotencyKeyHeader]: keys.uuid() }), req.body);
}
