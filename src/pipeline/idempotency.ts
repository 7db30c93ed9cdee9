import { callerKey } from '../auth/subject.js';
import type { HttpRequest } from '../http/message.js';
import { idempotent, readsIdempotencyKey, replayedHeader } from '../idempotency/idempotent-handler.js';
import type { IdempotencyStore } from '../idempotency/record-store.js';
import { andThen } from '../http/handler.js';
import { callerOf, type RequestContext } from './request-context.js';
import type { Next } from './stage.js';

/**
 * `Idempotency-Key` on every unsafe method. It stands after gate 1 and the rate limit, so a 401 or 429 is
 * never stored, and it keys records per caller, so one caller's key can never replay another's response.
 */
export function idempotency(store: IdempotencyStore, requiresKey: (req: HttpRequest) => boolean) {
  return <C extends RequestContext>(next: Next<C>): Next<C> => {
    const keyed = idempotent(next, store, { scopeOf: (_req, ctx: C) => callerKey(callerOf(ctx).subject), requiresKey });
    return (req, ctx) => {
      if (!readsIdempotencyKey(req.method)) return next(req, ctx);
      return andThen(keyed(req, ctx), (res) => {
        if (res.headers[replayedHeader] !== undefined) ctx.answeredBy = 'replayed for its Idempotency-Key';
        return res;
      });
    };
  };
}
