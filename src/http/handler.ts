import type { HttpRequest, HttpResponse } from './message.js';

/**
 * A value now, or later. Most of the service answers synchronously (a session, a store lookup); only a few
 * steps await (a signed token's verification, a graph execution). Keeping the synchronous answer
 * synchronous is a contract, not a speed trick: an effect and its idempotency record land in one step of
 * the simulator, with no microtask between them in which a crash could fall.
 */
export type Maybe<T> = T | Promise<T>;

/** Anything that answers requests: the origin, one stage of its pipeline, a resource, a stand-in in a test. */
export type Handler = (req: HttpRequest) => Maybe<HttpResponse>;

/** `f` applied to `value` once it is there: at once when it is there now, so a synchronous chain stays synchronous. */
export function andThen<T, U>(value: Maybe<T>, f: (value: T) => Maybe<U>): Maybe<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}
