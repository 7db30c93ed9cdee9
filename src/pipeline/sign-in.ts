import type { Login } from '../auth/login.js';
import { methodNotAllowed } from '../http/problem.js';
import type { RequestContext } from './request-context.js';
import type { Next } from './stage.js';

/**
 * `POST /sessions` and `POST /tokens` are how a caller gets a credential, so they answer in front of the
 * gates (and are not audited as gate decisions: the login keeps its own account of failures).
 */
export function signIn(login: Login, now: () => number) {
  return <C extends RequestContext>(next: Next<C>): Next<C> => (req, ctx) => {
    const kind = ctx.pathname === '/sessions' ? 'session' : ctx.pathname === '/tokens' ? 'token' : undefined;
    if (kind === undefined) return next(req, ctx);
    return req.method === 'POST' ? login.login(req, kind, now()) : methodNotAllowed(req.method, ['POST']);
  };
}
