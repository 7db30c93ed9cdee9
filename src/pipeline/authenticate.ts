import type { Authenticator } from '../auth/authenticate.js';
import { andThen } from '../http/handler.js';
import { unauthenticated } from '../http/problem.js';
import { Guard } from '../policy/guard.js';
import type { Policy } from '../policy/policy.js';
import type { RequestContext } from './request-context.js';
import type { Next } from './stage.js';

/**
 * Gate 1 (spec §5.1): who is this? A request no credential identifies is answered 401 here, before anything
 * looks at its path or object, so the answer is the same whether the object exists or not. An identified
 * one goes on with its caller: the subject, and gate 2 bound to it.
 */
export function authenticate(authenticator: Authenticator, policy: Policy, now: () => number) {
  return <C extends RequestContext>(next: Next<C>): Next<C> => (req, ctx) => andThen(authenticator.authenticate(req, now()), (gate) => {
    if (!gate.ok) {
      ctx.answeredBy = gate.reason;
      return unauthenticated(gate.reason, gate.presented);
    }
    ctx.caller = { subject: gate.subject, guard: new Guard(gate.subject, policy) };
    return next(req, ctx);
  });
}
