import type { Handler, Maybe } from '../http/handler.js';
import { type HttpRequest, type HttpResponse, splitPath, withHeaders } from '../http/message.js';
import { methodProperties } from '../http/methods.js';
import { requestFingerprint } from './fingerprint.js';
import { idempotencyKeyHeader, parseIdempotencyKey } from './key.js';
import { keyInFlight, keyMalformed, keyMissing, keyReused } from './problems.js';
import type { IdempotencyStore } from './record-store.js';
import type { InFlightRecord } from './record.js';

/** A handler that answers at once, like the notes routes: wrapped, it still answers at once. */
export type SyncHandler<A extends unknown[] = []> = (req: HttpRequest, ...rest: A) => HttpResponse;

export interface IdempotencyOptions<A extends unknown[] = []> {
  /**
   * Whose key space the request's key lives in, e.g. the authenticated subject's id. Keys are only unique
   * per client, and one caller must never be answered with another caller's stored response (the draft's
   * security section asks for exactly this composite key).
   */
  readonly scopeOf: (req: HttpRequest, ...rest: A) => string;
  /** Whether a request must carry a key (400 without). Asked only for the methods the draft targets. Default: never. */
  readonly requiresKey?: (req: HttpRequest) => boolean;
}

/** Marks a response that was replayed from the store rather than produced now (Stripe's header name). */
export const replayedHeader = 'idempotent-replayed';

/**
 * Every unsafe method takes part (RFC 9110 §9.2.1): POST, PATCH and unknown methods, which the draft makes
 * fault-tolerant, and PUT and DELETE too. Idempotent is not enough once requests are concurrent: a PUT
 * re-sent after another client's DELETE lands again and brings back what was deleted, a history no order of
 * the operations explains (found by the linearizability checker on `notes-lossy-mixed`, seed 42). Under a key
 * the late copy is a replay, not a second effect. A PUT or DELETE without a key is handled as before.
 */
export function readsIdempotencyKey(method: string): boolean {
  return !methodProperties(method).safe;
}

/** Whether a response is stored for replay. 5xx is not, so that a retry can still succeed (the draft allows it). */
export function isStoredStatus(status: number): boolean {
  return status < 500;
}

/**
 * Wraps a handler so that a request carrying an `Idempotency-Key` takes effect at most once per (scope, key)
 * while the key is kept (draft-ietf-httpapi-idempotency-key-header):
 *
 * | request                                        | answer                                              |
 * |------------------------------------------------|-----------------------------------------------------|
 * | safe method (RFC 9110 §9.2.1), or no key and none required | the handler, untouched                 |
 * | no key, but `requiresKey`                      | 400 `idempotency-key-missing`                       |
 * | key not in our format                          | 400 `idempotency-key-malformed`                     |
 * | key unseen (or expired)                        | the handler; its response stored unless 5xx         |
 * | key seen with another method, path or body     | 422 `idempotency-key-reused` (in flight or not)     |
 * | key seen with the same request, still running  | 409 `idempotency-key-in-flight`                     |
 * | key seen with the same request, completed      | the stored response, plus `idempotent-replayed: true` |
 *
 * The effect and the stored response are committed together: a synchronous handler's response is stored in
 * the same synchronous step as its effect, an asynchronous one's when its promise resolves, with nothing of
 * ours in between. A handler that throws (or rejects) leaves no record, and the error propagates. The handler
 * must apply nothing when it answers 5xx, since that answer is not stored and a retry runs it again.
 */
export function idempotent<A extends unknown[] = []>(handler: SyncHandler<A>, store: IdempotencyStore, options: IdempotencyOptions<A>): SyncHandler<A>;
export function idempotent<A extends unknown[] = []>(handler: Handler<A>, store: IdempotencyStore, options: IdempotencyOptions<A>): Handler<A>;
export function idempotent<A extends unknown[]>(handler: Handler<A>, store: IdempotencyStore, options: IdempotencyOptions<A>): Handler<A> {
  return (req, ...rest) => {
    if (!readsIdempotencyKey(req.method)) return handler(req, ...rest);
    const fieldValue = req.headers[idempotencyKeyHeader];
    if (fieldValue === undefined) {
      return options.requiresKey?.(req) ? keyMissing(req.method, splitPath(req.path).pathname, store.retentionUs) : handler(req, ...rest);
    }
    // A key that is present but wrong is refused even where none is required: the client asked for
    // protection against duplicates, and passing the request through would silently withhold it.
    const parsed = parseIdempotencyKey(fieldValue);
    if (!parsed.ok) return keyMalformed(parsed.reason, store.retentionUs);

    const fingerprint = requestFingerprint(req);
    const claim = store.claim(options.scopeOf(req, ...rest), parsed.key, fingerprint);
    // Misuse first: a different request under a used key is wrong whenever it comes, and a 409 would only
    // invite a retry that gets the 422 anyway. (A fresh claim carries this very fingerprint.)
    if (claim.record.fingerprint !== fingerprint) return keyReused();
    if (claim.outcome === 'in-flight') return keyInFlight();
    if (claim.outcome === 'completed') return replay(claim.record.response);
    return run(() => handler(req, ...rest), store, claim.record);
  };
}

function run(handle: () => Maybe<HttpResponse>, store: IdempotencyStore, ticket: InFlightRecord): Maybe<HttpResponse> {
  let result: Maybe<HttpResponse>;
  try {
    result = handle();
  } catch (error) {
    store.abandon(ticket);
    throw error;
  }
  // No microtask for a synchronous handler: its effect and its stored response land in one step. (Not
  // `andThen`: a rejection must abandon the claim too.)
  if (!(result instanceof Promise)) return settle(store, ticket, result);
  return result.then(
    (res) => settle(store, ticket, res),
    (error: unknown) => {
      store.abandon(ticket);
      throw error;
    },
  );
}

function settle(store: IdempotencyStore, ticket: InFlightRecord, res: HttpResponse): HttpResponse {
  if (isStoredStatus(res.status)) store.complete(ticket, res);
  else store.abandon(ticket);
  return res;
}

/** The stored status, headers and body exactly as first sent; only the marker header is added. */
function replay(stored: HttpResponse): HttpResponse {
  return { ...stored, headers: withHeaders(stored.headers, { [replayedHeader]: 'true' }) };
}
