import type { HttpRequest, HttpResponse } from './message.js';

/**
 * A value now, or later. Most of the service answers synchronously (a session, a store lookup); only a few
 * steps await (a signed token's verification, a graph execution). Keeping the synchronous answer
 * synchronous is a contract, not a speed trick: an effect and its idempotency record land in one step of
 * the simulator, with no microtask between them in which a crash could fall.
 */
export type Maybe<T> = T | Promise<T>;

/**
 * Anything that answers requests: the origin, a resource, a stand-in in a test. `rest` is whatever else its
 * caller passes along (the pipeline passes the request's context), so that a wrapper such as `idempotent`
 * is built once rather than per request.
 */
export type Handler<A extends unknown[] = []> = (req: HttpRequest, ...rest: A) => Maybe<HttpResponse>;

/** `f` applied to `value` once it is there: at once when it is there now, so a synchronous chain stays synchronous. */
export function andThen<T, U>(value: Maybe<T>, f: (value: T) => Maybe<U>): Maybe<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}
