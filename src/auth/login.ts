import { createHash } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { readJsonBody } from '../http/json-body.js';
import { type HttpRequest, type HttpResponse, jsonResponse, response } from '../http/message.js';
import { invalidBody, type Problem, problem, problemResponse } from '../http/problem.js';
import { joinedSetCookies } from '../http/set-cookie-list.js';
import { type Account, digestsBusy } from './accounts.js';
import { sessionCookieName } from './authenticate.js';
import type { Subject } from './subject.js';
import type { CredentialStores } from './credential-stores.js';
import { deviceLifetimeUs } from './tokens.js';

/** What a login asks before it checks a password (`src/rate-limit/login-throttle.ts`); `auth/` cannot import it. */
export interface LoginLimit {
  /** `device`: the nonce of a valid device cookie for `username`, counted apart from the name's lockout. */
  attempt(username: string, address: string | undefined, nowUs: number, device?: string):
    | { readonly ok: true; readonly succeeded: () => void }
    | { readonly ok: false; readonly retryAfterSeconds: number; readonly limit: 'account' | 'address' | 'device' };
}

/**
 * The device cookie's name (OWASP's device cookies): set by every successful `POST /sessions`, sent back
 * only to `/sessions`, where a login reads it.
 */
export const deviceCookieName = 'device';

/** No limit: for callers that build a `Login` of their own, such as tests of the credentials alone. */
export const unlimitedLogins: LoginLimit = { attempt: () => ({ ok: true, succeeded: () => undefined }) };

type LoginBody = { readonly ok: true; readonly username: string; readonly password: string; readonly scope: string | undefined } | { readonly ok: false; readonly problem: Problem };

/**
 * How credentials are issued (the spec leaves it open): `POST /sessions` with a username and password sets
 * the session cookie; `POST /tokens` returns a bearer token (the OAuth 2 token response shape, RFC 6749
 * §5.1), optionally narrowed to fewer scopes; `DELETE /sessions/current` ends the caller's session at once.
 */
export class Login {
  readonly #stores: CredentialStores;
  readonly #limit: LoginLimit;

  constructor(stores: CredentialStores, limit: LoginLimit = unlimitedLogins) {
    this.#stores = stores;
    this.#limit = limit;
  }

  /** `POST /sessions` and `POST /tokens`: the only requests that do not pass gate 1 (they are the login). */
  async login(req: HttpRequest, kind: 'session' | 'token', nowUs: number): Promise<HttpResponse> {
    const body = readLoginBody(req);
    if (!body.ok) return problemResponse(body.problem, noStore);
    const attempt = this.#limit.attempt(body.username, req.clientAddress, nowUs, await this.#knownDevice(req, body.username, nowUs));
    if (!attempt.ok) return tooManyLogins(attempt.retryAfterSeconds, attempt.limit);
    const account = await this.#stores.accounts.verify(body.username, body.password);
    // Unchecked, so neither a failure to count nor a success: the tries are given back.
    if (account === digestsBusy) {
      attempt.succeeded();
      return loginsBusy();
    }
    if (account !== undefined) attempt.succeeded();
    // One answer for an unknown name and a wrong password, so names cannot be discovered this way.
    if (account === undefined) return problemResponse(problem(401, 'invalid-credentials', 'Unauthorized', 'The username or the password is wrong.'), noStore);
    if (kind === 'session') {
      const session = this.#stores.sessions.create(account.userId, nowUs);
      const maxAge = Math.floor((session.expiresUs - nowUs) / 1_000_000);
      const cookie = stringifySetCookie({ name: sessionCookieName, value: session.id, path: '/', httpOnly: true, secure: true, sameSite: 'strict', maxAge });
      // A fresh device cookie on every login, so a known browser stays known as long as it is used. Its nonce
      // comes from the session's id, unguessable and unlinkable to it, rather than from a fresh id, so the
      // simulator's seeded ids (and every trace) are what they were.
      const nonce = createHash('sha256').update(session.id).digest('base64url');
      const device = stringifySetCookie({
        name: deviceCookieName, value: await this.#stores.tokens.issueDevice(account.username, nonce, nowUs),
        path: '/sessions', httpOnly: true, secure: true, sameSite: 'strict', maxAge: deviceLifetimeUs / 1_000_000,
      });
      return jsonResponse(201, { user_id: account.userId, expires_in: maxAge }, { ...noStore, 'set-cookie': joinedSetCookies([cookie, device]) });
    }
    const granted = this.#stores.scopesOf(account.roles);
    // Each scope once: a repeated one adds nothing, and thousands of repeats would sign a token larger than gate 1 accepts.
    const requested = body.scope === undefined ? [...granted] : [...new Set(body.scope.split(' ').filter((s) => s !== ''))];
    const refused = requested.filter((s) => !granted.has(s));
    if (refused.length > 0) {
      return problemResponse(problem(400, 'invalid-scope', 'Bad Request', `Not granted to ${account.username}: ${refused.join(' ')}.`, { refused }), noStore);
    }
    const token = await this.#stores.tokens.issue(account, requested, nowUs);
    return jsonResponse(200, { access_token: token, token_type: 'Bearer', expires_in: this.#stores.tokens.lifetimeUs / 1_000_000, scope: requested.join(' ') }, noStore);
  }

  /** The nonce of the request's device cookie when it is valid for `username`; anything else is no device. */
  async #knownDevice(req: HttpRequest, username: string, nowUs: number): Promise<string | undefined> {
    const value = req.headers.cookie === undefined ? undefined : parseCookie(req.headers.cookie)[deviceCookieName];
    return value === undefined || value === '' ? undefined : this.#stores.tokens.verifyDevice(value, username, nowUs);
  }

  /** `DELETE /sessions/current`: revocation takes effect on the very next request. */
  logout(subject: Subject): HttpResponse {
    if (subject.via !== 'session') {
      return problemResponse(problem(400, 'not-a-session', 'Bad Request', 'This request carries a token, which cannot be revoked; it expires on its own.'), noStore);
    }
    this.#stores.sessions.revoke(subject.credentialId);
    return response(204, { ...noStore, 'set-cookie': stringifySetCookie({ name: sessionCookieName, value: '', path: '/', maxAge: 0 }) });
  }

  /** For scenarios and tests: what a successful login would have issued, without the password round trip. */
  openSession(account: Account, nowUs: number): string {
    return this.#stores.sessions.create(account.userId, nowUs).id;
  }

  issueToken(account: Account, nowUs: number, options: { readonly scopes?: readonly string[]; readonly lifetimeUs?: number } = {}): Promise<string> {
    return this.#stores.tokens.issue(account, options.scopes ?? [...this.#stores.scopesOf(account.roles)], nowUs, options.lifetimeUs);
  }

  revokeSession(id: string): void {
    this.#stores.sessions.revoke(id);
  }
}

const noStore = { 'cache-control': 'no-store' };

/**
 * 429 (RFC 6585 §4) with `Retry-After`, the same for a known and an unknown name, and for a right and a
 * wrong password: the password was not checked.
 */
function tooManyLogins(retryAfterSeconds: number, limit: 'account' | 'address' | 'device'): HttpResponse {
  const whose = limit === 'account' ? 'this username' : limit === 'address' ? 'this address' : 'this device';
  return problemResponse(problem(429, 'too-many-logins', 'Too Many Requests',
    `Too many failed logins for ${whose}; the password was not checked. Try again in ${retryAfterSeconds} s.`, { retryAfterSeconds }),
  { ...noStore, 'retry-after': String(retryAfterSeconds) });
}

/** 503 with `Retry-After` (RFC 9110 §15.6.4): every password check is taken; the password was not checked. */
function loginsBusy(): HttpResponse {
  return problemResponse(problem(503, 'logins-busy', 'Service Unavailable',
    'Too many logins are being checked at once; the password was not checked. Try again in 1 s.', { retryAfterSeconds: 1 }),
  { ...noStore, 'retry-after': '1' });
}

function readLoginBody(req: HttpRequest): LoginBody {
  const body = readJsonBody(req);
  if (!body.ok) return body;
  const v = body.value as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return invalidBody('', 'The body must be {"username": "...", "password": "..."}.');
  const unknown = Object.keys(v).find((k) => k !== 'username' && k !== 'password' && k !== 'scope');
  if (unknown !== undefined) return invalidBody(`/${unknown}`, `Unknown field "${unknown}".`);
  if (typeof v.username !== 'string') return invalidBody('/username', '"username" must be a string.');
  if (typeof v.password !== 'string') return invalidBody('/password', '"password" must be a string.');
  if (v.scope !== undefined && typeof v.scope !== 'string') return invalidBody('/scope', '"scope" must be a space-separated string.');
  return { ok: true, username: v.username, password: v.password, scope: v.scope };
}
