import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { request, splitPath } from '../../src/http/message.js';
import { fuzzRun, type Judge, thrown, type Variant } from './fuzz-exchange.js';
import { type Attempt, attempts } from './fuzz-requests.js';
import { replayable } from './replay.js';

/**
 * Refused requests change nothing (docs/decisions/resources.md: "the whole body is checked before anything is
 * applied"). A white-box check: it compares `origin.state()` around each fuzzed request, every store at once,
 * which no reads from outside can show whole. A request that is refused (any status of 400 or more) leaves
 * the origin's state (notes, orders, users, posts and comments) exactly as it was, so a client may retry or
 * give up without cleaning up. The broken variant stores the note before it checks the rest of the body: a
 * half-applied change.
 */

const file = 'properties/white-box/fuzz-state-unchanged.test.ts';
const quickRuns = 200;

const unchangedWhenRefused: Judge = ({ outcome, stateBefore, stateAfter }) => {
  if (!outcome.ok) return stateBefore === stateAfter ? undefined : `the origin threw ${thrown(outcome.error)} after changing its state`;
  if (outcome.response.status < 400 || stateBefore === stateAfter) return undefined;
  return `a ${outcome.response.status} changed the state\n  before: ${stateBefore.slice(0, 300)}\n  after:  ${stateAfter.slice(0, 300)}`;
};

/** The half-applied change: `content` is stored first (POST or PUT of a note), and only then is the whole body checked. */
const storesBeforeChecking: Variant = (t) => ({
  state: () => t.origin.state(),
  async handle(req) {
    const { pathname } = splitPath(req.path);
    if ((req.method === 'POST' && pathname === '/notes') || (req.method === 'PUT' && pathname.startsWith('/notes/'))) {
      let content: unknown;
      try {
        content = (JSON.parse(req.body ?? '') as { content?: unknown }).content;
      } catch {
        content = undefined;
      }
      if (content !== undefined) await t.handle(request(req.method, pathname, { ...req.headers, 'content-type': 'application/json' }, JSON.stringify({ content: JSON.stringify(content) })));
    }
    return t.handle(req);
  },
});

describe('a refused request changes nothing', () => {
  test.prop([attempts], replayable<[Attempt[]]>(file, quickRuns))('any requests, any endpoint', (a) => fuzzRun(a, unchangedWhenRefused));

  test('teeth: a note stored before its body is checked is caught, on one POST or PUT of a note', async () => {
    const result = await fc.check(fc.asyncProperty(attempts, (a) => fuzzRun(a, unchangedWhenRefused, storesBeforeChecking)), { numRuns: quickRuns, seed: 6 });
    expect(result.failed).toBe(true);
    const [shrunk] = result.counterexample!;
    expect(shrunk).toHaveLength(1);
    expect(['POST', 'PUT']).toContain(shrunk[0]!.method);
    expect(String(result.errorInstance)).toMatch(/a 4\d\d changed the state/);
  });
});
