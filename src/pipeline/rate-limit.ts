import { callerKey } from '../auth/subject.js';
import { tooManyRequests } from '../http/problem.js';
import type { TokenBuckets } from '../rate-limit/token-bucket.js';
import { callerOf, type RequestContext } from './request-context.js';
import type { Next } from './stage.js';

/** Per caller, after gate 1 (an anonymous flood is refused by gate 1 and costs no bucket): 429 with `Retry-After`. */
export function rateLimit(buckets: TokenBuckets, now: () => number) {
  return <C extends RequestContext>(next: Next<C>): Next<C> => (req, ctx) => {
    const admitted = buckets.admit(callerKey(callerOf(ctx).subject), now());
    if (admitted.ok) return next(req, ctx);
    ctx.answeredBy = 'rate limited';
    return tooManyRequests(admitted.retryAfterSeconds);
  };
}
