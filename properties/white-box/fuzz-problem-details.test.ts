import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { graphMediaType } from '../../src/graph/http/graph-error.js';
import { jsonResponse, splitPath } from '../../src/http/message.js';
import { parsePathId } from '../../src/http/path-id.js';
import { type FuzzExchange, fuzzRun, type Judge, thrown, type Variant } from './fuzz-exchange.js';
import { type Attempt, attempts } from './fuzz-requests.js';
import { replayable } from './replay.js';

/**
 * Every 4xx in the format its client reads (docs/decisions/resources.md, Errors). A white-box fuzzer: the format is
 * apisim's own decision (its `/problems/<slug>` types), not a principle a user's service owes, and the
 * requests go to `origin.handle` directly. Every 4xx says precisely what was wrong, in the format its client
 * reads. REST answers RFC 9457 problem details (`application/problem+json` with `type`, `title`, `status`
 * equal to the HTTP status, and `detail`). `/graphql` answers the GraphQL response format, `errors` and no
 * `data` (GraphQL-over-HTTP), the documented exception; only the gates in front of it (401, 429) speak
 * problem details there, as they do everywhere. The broken variant answers a malformed id with an ad-hoc
 * `{"error": ...}`, the body shape every hand-rolled API drifts into.
 */

const file = 'properties/white-box/fuzz-problem-details.test.ts';
const quickRuns = 200;
const gateStatuses = new Set([401, 429]);

function problemDetailsFault(status: number, body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body is not a JSON object';
  const p = body as Record<string, unknown>;
  if (typeof p.type !== 'string' || !p.type.startsWith('/problems/')) return `"type" is ${JSON.stringify(p.type)}, not /problems/<slug>`;
  if (typeof p.title !== 'string' || p.title === '') return '"title" is missing';
  if (p.status !== status) return `"status" is ${JSON.stringify(p.status)} in a ${status} response`;
  if (typeof p.detail !== 'string' || p.detail === '') return '"detail" is missing';
  return undefined;
}

function graphErrorsFault(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body is not a JSON object';
  const r = body as Record<string, unknown>;
  if ('data' in r) return 'a refused GraphQL request has "data"';
  if (!Array.isArray(r.errors) || r.errors.length === 0) return 'no "errors"';
  const bad = (r.errors as unknown[]).find((e) => typeof e !== 'object' || e === null || typeof (e as { message?: unknown }).message !== 'string' || (e as { message: string }).message === '');
  return bad === undefined ? undefined : `an error without a message: ${JSON.stringify(bad).slice(0, 100)}`;
}

const precise: Judge = ({ request, outcome }: FuzzExchange) => {
  if (!outcome.ok) return `the origin threw ${thrown(outcome.error)}`;
  const res = outcome.response;
  if (res.status < 400 || res.status >= 500) return undefined;
  const graph = splitPath(request.path).pathname === '/graphql' && !gateStatuses.has(res.status);
  const expected = graph ? graphMediaType : 'application/problem+json';
  const type = res.headers['content-type'];
  if (type !== expected) return `a ${res.status} is labelled ${JSON.stringify(type)}, not ${expected}`;
  if (request.method === 'HEAD') return res.body === undefined ? undefined : `a ${res.status} to HEAD has a body`;
  let body: unknown;
  try {
    body = JSON.parse(res.body ?? '');
  } catch {
    return `the ${res.status} body is not JSON: ${JSON.stringify((res.body ?? '').slice(0, 100))}`;
  }
  const fault = graph ? graphErrorsFault(body) : problemDetailsFault(res.status, body);
  return fault === undefined ? undefined : `a ${res.status} is not ${graph ? 'a GraphQL error response' : 'problem details'}: ${fault}`;
};

/** The drift: a route that answers a malformed id with its own error shape. */
const adHocNotFound: Variant = (t) => ({
  state: () => t.origin.state(),
  handle(req) {
    const segment = /^\/(?:orders|notes)\/([^/]*)$/.exec(splitPath(req.path).pathname)?.[1];
    if (segment !== undefined && parsePathId(segment) === undefined) return jsonResponse(404, { error: 'no such id' });
    return t.handle(req);
  },
});

describe('every 4xx is a precise problem-details body (GraphQL errors at /graphql)', () => {
  test.prop([attempts], replayable<[Attempt[]]>(file, quickRuns))('any requests, any endpoint', (a) => fuzzRun(a, precise));

  test('teeth: an ad-hoc {"error": ...} body is caught, on one request', async () => {
    const result = await fc.check(fc.asyncProperty(attempts, (a) => fuzzRun(a, precise, adHocNotFound)), { numRuns: quickRuns, seed: 5 });
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk).toHaveLength(1);
    expect(shrunk[0]!.path).toMatch(/^\/(orders|notes)\//);
    expect(String(result.errorInstance)).toMatch(/a 404 is labelled "application\/json", not application\/problem\+json/);
  });
});
