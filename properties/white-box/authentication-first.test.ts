import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { request, type HttpRequest, type HttpResponse } from '../../src/http/message.js';
import { notFound } from '../../src/http/problem.js';
import { createOrigin, type Origin } from '../../src/origin.js';
import { testEnvironment } from '../../src/testing-kit.js';
import { mintCredentials } from '../../sim/scenario/credentials.js';
import { replayCommand } from './counterexample.js';
import { replayable } from './replay.js';

/**
 * Principle (spec §5.1–5.3): gate 1 comes first. For any request and any credential state, a caller who is
 * not identified gets 401 and nothing else, so only an identified caller can ever see 403; and a 401 says
 * the same whether or not the object exists. The broken variant answers 404 for a missing order before it
 * asks who is calling (a common bug that lets anyone map which ids exist): the property must catch it.
 */

const users = ['alice', 'bob', 'carol', 'sam'] as const;
const refused = ['none', 'unknown-session', 'malformed-header', ...users.flatMap((u) => [`revoked-session:${u}`, `expired-token:${u}`, `forged-token:${u}`, `alg-none-token:${u}`])];
const accepted = users.flatMap((u) => [`session:${u}`, `token:${u}`]);
const credential = fc.constantFrom(...refused, ...accepted);

const path = fc.oneof(
  fc.integer({ min: 119, max: 128 }).map((id) => `/orders/${id}`),
  fc.constant('/orders'),
  fc.integer({ min: 1, max: 3 }).map((id) => `/notes/${id}`),
  fc.constant('/notes'),
  fc.constant('/sessions/current'),
  fc.constantFrom('/nope', '/orders/abc', '/'),
);
const method = fc.constantFrom('GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE');
const body = fc.option(fc.constantFrom('{"content":"x"}', '{"delivery_address":"y"}', '{', '[]'), { nil: undefined });
const attempt = fc.record({ credential, method, path, body });
type Attempt = typeof attempt extends fc.Arbitrary<infer T> ? T : never;

async function headersFor(origin: Origin, spec: string): Promise<Record<string, string>> {
  if (spec === 'malformed-header') return { authorization: 'Token abc' };
  return { ...(await mintCredentials(origin, new Set([spec]))).get(spec) };
}

async function send(handler: Pick<Origin, 'handle'>, a: Attempt, headers: Record<string, string>, p = a.path): Promise<HttpResponse> {
  const req: HttpRequest = request(a.method, p, a.body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, a.body);
  return handler.handle(req);
}

async function gateOneFirst(a: Attempt, handler: (origin: Origin) => Pick<Origin, 'handle'>): Promise<void> {
  const origin = createOrigin(testEnvironment());
  const target = handler(origin);
  const headers = await headersFor(origin, a.credential);
  const res = await send(target, a, headers);
  const identified = accepted.includes(a.credential);
  const fail = (what: string) => {
    const replay = replayCommand('authentication-first', { steps: [{ method: a.method, path: a.path, auth: a.credential === 'malformed-header' ? 'none' : a.credential, headers: a.credential === 'malformed-header' ? { authorization: 'Token abc' } : {}, ...(a.body === undefined ? {} : { rawBody: a.body, headers: { 'content-type': 'application/json' } }) }] }, 1);
    throw new Error(`${what}\n  request: ${a.method} ${a.path} with ${a.credential}\n  replay in the simulator: ${replay}`);
  };
  if (!identified) {
    if (res.status !== 401) fail(`an unidentified caller got ${res.status}, not 401`);
    // The same credential on an order that cannot exist must get the very same answer.
    const elsewhere = await send(target, { ...a, method: 'GET', body: undefined }, headers, '/orders/999999');
    if (a.method !== 'HEAD' && (res.body !== elsewhere.body || res.headers['www-authenticate'] !== elsewhere.headers['www-authenticate'])) {
      fail('the 401 differs with the object');
    }
  } else if (res.status === 401) {
    fail('an identified caller got 401');
  }
}

/** The bug: look the order up before asking who is calling. */
const lookupBeforeGateOne = (origin: Origin): Pick<Origin, 'handle'> => ({
  handle(req) {
    const id = /^\/orders\/(\d+)$/.exec(req.path)?.[1];
    if (id !== undefined && !origin.state().orders.some((o) => o.id === Number(id))) return notFound(req.path);
    return origin.handle(req);
  },
});

const file = 'properties/white-box/authentication-first.test.ts';

describe('401 before 403: gate 1 decides before anything else', () => {
  test.prop([attempt], replayable<[Attempt]>(file, 300))('any request, any credential state', (a) => gateOneFirst(a, (o) => o));

  test('teeth: an origin that looks the object up first is caught, on a single request', async () => {
    const result = await fc.check(fc.asyncProperty(attempt, (a) => gateOneFirst(a, lookupBeforeGateOne)), { numRuns: 300, seed: 7 });
    expect(result.failed).toBe(true);
    const [a] = result.counterexample!;
    expect(refused).toContain(a.credential);
    expect(String(result.errorInstance)).toMatch(/got 404, not 401|the 401 differs with the object/);
  });
});
