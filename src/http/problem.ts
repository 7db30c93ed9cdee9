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
