import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { runCount } from '../test/support/run-count.js';
import { graphFieldExact } from './graph-field-exact.js';
import { graphTarget } from './test-kit/graph-app.js';
import { ownOriginTarget, prepare } from './test-kit/own-origin.js';
import { flawedOriginTarget } from './test-kit/own-origin-flaws.js';
import { principleProperty } from './test-kit/principle-check.js';

const yoga = (file: string) => new URL(`../examples/yoga-graph/${file}`, import.meta.url);

describe('graph-field-exact', () => {
  it('holds on apisim\'s own origin, for its queries and their parts', async () => {
    await fc.assert(principleProperty(graphFieldExact, await prepare(ownOriginTarget())), { numRuns: runCount(30), seed: 1 });
  });

  it('holds on the Yoga example, with and without its depth limit', async () => {
    for (const file of ['apisim.config.ts', 'apisim-flawed.config.ts']) {
      await fc.assert(principleProperty(graphFieldExact, await PreparedTarget.prepare(await loadTarget(yoga(file)))), { numRuns: runCount(10), seed: 2 });
    }
  });

  it('holds on a hand-written graphql-js endpoint', async () => {
    await fc.assert(principleProperty(graphFieldExact, await prepare(graphTarget('default'))), { numRuns: runCount(15), seed: 3 });
  });

  it('teeth: a front that adds the cache\'s key fields is caught, on a query of one field below the root', async () => {
    const result = await fc.check(principleProperty(graphFieldExact, await prepare(graphTarget('normalizing'))), { numRuns: 50, seed: 4 });
    expect(result.failed).toBe(true);
    expect(result.counterexample![1].keep.every((k) => !k)).toBe(true);
    expect(String(result.errorInstance)).toMatch(/(id|__typename) is extra/);
  });

  it('teeth: apisim\'s own origin behind the same normalizing front is caught, on a query of one field below the root', async () => {
    const result = await fc.check(principleProperty(graphFieldExact, await prepare(flawedOriginTarget('normalizing-front'))), { numRuns: 50, seed: 5 });
    expect(result.failed).toBe(true);
    expect(result.counterexample![1].keep.every((k) => !k)).toBe(true);
    expect(String(result.errorInstance)).toMatch(/(id|__typename) is extra/);
  });

  it('is not applicable to a target without graph queries', () => {
    expect(graphFieldExact.notApplicable({ ...ownOriginTarget(), graph: undefined } as never)).toMatch(/no graph/);
  });
});
