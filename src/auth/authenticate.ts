import { parseCookie } from 'cookie';
import type { Maybe } from '../http/handler.js';
import type { HttpRequest } from '../http/message.js';
import type { PresentedCredential } from '../http/problem.js';
import type { Subject } from './subject.js';
import type { CredentialStores } from './credential-stores.js';

/** The session cookie's name (the spec leaves it open; see docs/decisions/auth-and-pipeline.md). */
export const sessionCookieName = 'sid';

/** Tokens longer than this are refused before any parsing: no legitimate access token is near it. */
export const maxTokenBytes = 8 * 1024;

export type GateOne =
  | { readonly ok: true; readonly subject: Subject }
  | { readonly ok: false; readonly reason: string; readonly presented: PresentedCredential };

/**
 * Gate 1: who is this? A bearer token in `Authorization` is checked first (a request that presents one is
 * judged by it, even if it also has a cookie); otherwise the session cookie. Anything else is 401.
 */
export class Authenticator {
  readonly #stores: CredentialStores;

  constructor(stores: CredentialStores) {
    this.#stores = stores;
  }

  authenticate(req: HttpRequest, nowUs: number): Maybe<GateOne> {
    const authorization = req.headers.authorization;
    if (authorization !== undefined) return this.#bearer(authorization, nowUs);
    const cookie = req.headers.cookie;
    if (cookie === undefined) return fail('no credential', 'none');
    const sid = parseCookie(cookie)[sessionCookieName];
    if (sid === undefined || sid === '') return fail('no session cookie', 'cookie');
    const found = this.#stores.sessions.lookup(sid, nowUs);
    if (!found.ok) return fail(found.reason, 'cookie');
    const account = this.#stores.accounts.byId(found.session.userId);
    if (account === undefined) return fail('account no longer exists', 'cookie');
    return {
      ok: true,
      subject: { userId: account.userId, username: account.username, roles: account.roles, scopes: this.#stores.scopesOf(account.roles), via: 'session', credentialId: sid },
    };
  }

  async #bearer(authorization: string, nowUs: number): Promise<GateOne> {
    const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization.trim());
    if (match === null) return fail(authorization.length > maxTokenBytes ? 'token too large' : 'malformed Authorization header (expected "Bearer <token>")', 'token');
    const token = match[1]!;
    if (token.length > maxTokenBytes) return fail('token too large', 'token');
    const checked = await this.#stores.tokens.verify(token, nowUs);
    if (!checked.ok) return fail(checked.reason, 'token');
    const c = checked.claims;
    return { ok: true, subject: { userId: c.userId, username: c.username, roles: c.roles, scopes: new Set(c.scopes), via: 'token', credentialId: c.jti } };
  }
}

function fail(reason: string, presented: PresentedCredential): GateOne {
  return { ok: false, reason, presented };
}
