import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCount } from '../test/support/run-count.js';
import { cacheCoherence } from './cache-coherence.js';
import { notesTarget } from './test-kit/notes-app.js';
import { ownOriginTarget, prepare } from './test-kit/own-origin.js';
import { principleProperty } from './test-kit/principle-check.js';

describe('cache-coherence', () => {
  it('holds on apisim\'s own origin behind an RFC 9111 cache', async () => {
    await fc.assert(principleProperty(cacheCoherence, await prepare(ownOriginTarget())), { numRuns: runCount(30), seed: 1 });
  });

  it('holds on a guest app that sends no caching headers', async () => {
    await fc.assert(principleProperty(cacheCoherence, await prepare(notesTarget('default'))), { numRuns: runCount(15), seed: 2 });
  });

  it('teeth: a cache that ignores invalidation serves the note as it was, found in a few steps', async () => {
    const result = await fc.check(principleProperty(cacheCoherence, await prepare(ownOriginTarget({ cache: 'no-invalidation' }))), { numRuns: 200, seed: 3 });
    expect(result.failed).toBe(true);
    const [, plan] = result.counterexample!;
    expect(plan.steps.length).toBeLessThanOrEqual(4);
    expect(String(result.errorInstance)).toMatch(/last acknowledged write|after the item's deletion was acknowledged|answered 404 after/);
  });
});
