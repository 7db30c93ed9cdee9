import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { splitPath } from '../../src/http/message.js';
import { problem, problemResponse } from '../../src/http/problem.js';
import { fuzzRun, type Judge, thrown, type Variant } from './fuzz-exchange.js';
import { type Attempt, attempts } from './fuzz-requests.js';
import { replayable } from './replay.js';

/**
 * Bad input is never a server error. A white-box fuzzer: its requests are aimed at apisim's own endpoint
 * families (`fuzz-requests.ts`) and handed to `origin.handle` directly, so that a throw or a rejection is
 * seen as such and not as some framework's 500. Whatever arrives (any method, path, query, header, cookie,
 * token, body or graph document) the origin answers it, below 500 and without throwing or rejecting. A 5xx
 * for bad input says the server failed where the client did. The broken variant is the classic: a handler
 * that parses the body with `JSON.parse` and no `try`, behind a framework that turns the throw into a 500.
 */

const file = 'properties/white-box/fuzz-no-server-error.test.ts';
const quickRuns = 200;

const answered: Judge = ({ outcome }) => {
  if (!outcome.ok) return `the origin threw ${thrown(outcome.error)}`;
  const status = outcome.response.status;
  return Number.isInteger(status) && status >= 100 && status < 500 ? undefined : `the origin answered ${status}`;
};

/** The classic: the body parsed without `try`, and whatever throws becomes a 500. */
const parsesWithoutTry: Variant = (t) => ({
  state: () => t.origin.state(),
  async handle(req) {
    try {
      if (splitPath(req.path).pathname.startsWith('/notes') && req.body !== undefined) JSON.parse(req.body);
      return await t.handle(req);
    } catch (error) {
      return problemResponse(problem(500, 'internal', 'Internal Server Error', (error as Error).message));
    }
  },
});

describe('bad input never gets a 5xx or an exception', () => {
  test.prop([attempts], replayable<[Attempt[]]>(file, quickRuns))('any requests, any endpoint', (a) => fuzzRun(a, answered));

  test('teeth: a body parsed without try is caught, on one request with a malformed body', async () => {
    const result = await fc.check(fc.asyncProperty(attempts, (a) => fuzzRun(a, answered, parsesWithoutTry)), { numRuns: quickRuns, seed: 4 });
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk).toHaveLength(1);
    expect(String(result.errorInstance)).toMatch(/the origin answered 500/);
    expect(() => JSON.parse(shrunk[0]!.body!) as unknown).toThrow();
  });
});
