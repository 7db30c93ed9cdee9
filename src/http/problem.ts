import { type HttpResponse, type Headers, response } from './message.js';

/**
 * RFC 9457 problem details. `type` is a relative URI under `/problems/` (RFC 9457 §3.1.1 allows relative
 * references), so the same body works behind any base URL.
 */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  /** Extension members, e.g. the JSON pointer of the field that was wrong. */
  readonly [extension: string]: unknown;
}

export function problem(
  status: number,
  slug: string,
  title: string,
  detail: string,
  extensions?: Record<string, unknown>,
): Problem {
  return { type: `/problems/${slug}`, title, status, detail, ...extensions };
}

export function problemResponse(p: Problem, headers?: Headers): HttpResponse {
  return response(p.status, { 'content-type': 'application/problem+json', ...headers }, JSON.stringify(p));
}

export function notFound(path: string): HttpResponse {
  return problemResponse(problem(404, 'not-found', 'Not Found', `Nothing exists at ${path}.`));
}

export function methodNotAllowed(method: string, allowed: readonly string[]): HttpResponse {
  return problemResponse(
    problem(405, 'method-not-allowed', 'Method Not Allowed', `${method} is not supported here.`, { allowed }),
    { allow: allowed.join(', ') },
  );
}

/**
 * 422 for a body that is JSON but not what the resource accepts, naming the field with an RFC 6901 JSON
 * Pointer (`""` is the whole body, `/content` a member).
 */
export function invalidBody(pointer: string, detail: string): { readonly ok: false; readonly problem: Problem } {
  return { ok: false, problem: problem(422, 'invalid-body', 'Unprocessable Content', detail, { errors: [{ pointer, detail }] }) };
}

/** Which credential a request presented, as a 401's challenge needs to know. */
export type PresentedCredential = 'token' | 'cookie' | 'none';

/**
 * 401 with a `WWW-Authenticate` challenge (RFC 9110 §11.6.1, RFC 6750 §3). It names only the credential's
 * problem, never the path or the object, so it reads the same whether the object exists or not. A token
 * that was presented and refused gets `error="invalid_token"`; a missing or bad cookie, the bare challenge.
 */
export function unauthenticated(reason: string, presented: PresentedCredential): HttpResponse {
  const challenge = presented === 'token'
    ? `Bearer realm="apisim", error="invalid_token", error_description="${reason.replace(/["\\]/g, '')}"`
    : 'Bearer realm="apisim"';
  return problemResponse(problem(401, 'unauthenticated', 'Unauthorized', `Authentication required: ${reason}.`), {
    'www-authenticate': challenge,
    'cache-control': 'no-store',
  });
}

/** 403: the caller is known but may not do this (spec §5.3). The reason is the policy's, for the caller. */
export function forbidden(reason: string): HttpResponse {
  return problemResponse(problem(403, 'forbidden', 'Forbidden', `Not permitted: ${reason}.`), { 'cache-control': 'no-store' });
}

/** 429 with `Retry-After` in whole seconds (RFC 6585 §4, RFC 9110 §10.2.3). */
export function tooManyRequests(retryAfterSeconds: number): HttpResponse {
  return problemResponse(problem(429, 'rate-limited', 'Too Many Requests', `Slow down: try again in ${retryAfterSeconds} s.`), {
    'retry-after': String(retryAfterSeconds),
  });
}
