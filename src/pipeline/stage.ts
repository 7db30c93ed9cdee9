import type { Maybe } from '../http/handler.js';
import type { HttpRequest, HttpResponse } from '../http/message.js';
import type { RequestContext } from './request-context.js';

/** The rest of the pipeline from some stage on, down to the route: answers a request in its context. */
export type Next<C extends RequestContext = RequestContext> = (req: HttpRequest, ctx: C) => Maybe<HttpResponse>;

/**
 * One stage of the request pipeline: given the rest, it returns the rest with itself in front, as Hono's
 * middleware and `idempotent(handler)` do. A stage is built once, when the pipeline is, so a request costs
 * no closures for the wiring.
 */
export type Stage<C extends RequestContext = RequestContext> = (next: Next<C>) => Next<C>;

/** The stages in the order a request meets them, in front of `route`. */
export function pipeline<C extends RequestContext>(stages: readonly Stage<C>[], route: Next<C>): Next<C> {
  return stages.reduceRight((next, stage) => stage(next), route);
}
