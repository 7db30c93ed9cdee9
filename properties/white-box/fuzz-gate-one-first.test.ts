import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { splitPath } from '../../src/http/message.js';
import { notFound } from '../../src/http/problem.js';
import { identifies } from './fuzz-credentials.js';
import { fuzzRun, type Judge, thrown, type Variant } from './fuzz-exchange.js';
import { type Attempt, attempts } from './fuzz-requests.js';
import { replayable } from './replay.js';

/**
 * Gate 1 under fuzzed input (spec §5.1–5.3): gate 1 decides before anything else looks at the request. The
 * principle authentication-first (`properties/authentication-first.ts`) states this for any target, over the
 * endpoints its description declares and three broken credentials; this fuzzer needs the inside for the rest:
 * credentials only apisim's own origin can mint (`fuzz-credentials.ts`, issued at virtual time 0 as a login
 * would, then revoked, tampered with, truncated, unsigned or expired), paths no description declares, and
 * `origin.handle` called directly, so that a throw is seen as one. A request without a valid credential
 * (none, a garbage or revoked cookie, a tampered, truncated, unsigned, expired or huge token, a live cookie
 * beside a broken token) gets 401 on every endpoint but the login itself, whatever its method, path, query,
 * headers or body: never a 403, 404, 405, 413, 415 or 422 first, each of which would tell a stranger
 * something. A valid credential is never answered 401 there. The broken variant answers 404 for a path no
 * route knows before it asks who is calling.
 */

const file = 'properties/white-box/fuzz-gate-one-first.test.ts';
const quickRuns = 200;
const login = new Set(['/sessions', '/tokens']);

const gateOneFirst: Judge = ({ attempt, request, outcome }) => {
  if (!outcome.ok) return `the origin threw ${thrown(outcome.error)}`;
  if (login.has(splitPath(request.path).pathname)) return undefined;
  const status = outcome.response.status;
  if (!identifies(attempt.credential)) return status === 401 ? undefined : `a caller without a valid credential got ${status}, not 401`;
  return status === 401 ? 'a caller with a valid credential got 401' : undefined;
};

const routes = /^\/(orders|notes|users|posts|graphql|sessions\/current)(\/|$)/;

/** The bug: routing answers an unknown path before gate 1, so a stranger can map the service's shape. */
const routesBeforeGateOne: Variant = (t) => ({
  state: () => t.origin.state(),
  handle(req) {
    const { pathname } = splitPath(req.path);
    return routes.test(pathname) || login.has(pathname) ? t.handle(req) : notFound(pathname);
  },
});

describe('401 before anything else, for every endpoint and any input', () => {
  test.prop([attempts], replayable<[Attempt[]]>(file, quickRuns))('any requests, any credential', (a) => fuzzRun(a, gateOneFirst));

  test('teeth: routing before gate 1 is caught, on one request', async () => {
    const result = await fc.check(fc.asyncProperty(attempts, (a) => fuzzRun(a, gateOneFirst, routesBeforeGateOne)), { numRuns: quickRuns, seed: 7 });
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk).toHaveLength(1);
    expect(identifies(shrunk[0]!.credential)).toBe(false);
    expect(String(result.errorInstance)).toMatch(/without a valid credential got 404, not 401/);
  });
});
