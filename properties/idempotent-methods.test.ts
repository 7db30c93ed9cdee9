import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCount } from '../test/support/run-count.js';
import { idempotentMethods } from './idempotent-methods.js';
import { notesTarget } from './test-kit/notes-app.js';
import { ownOriginTarget, prepare } from './test-kit/own-origin.js';
import { flawedOriginTarget } from './test-kit/own-origin-flaws.js';
import { principleProperty } from './test-kit/principle-check.js';
import { unstableLineNaiveClient, withSettings } from './test-kit/principle-settings.js';

/**
 * apisim's own origin has no mode with a PUT or DELETE that is not idempotent (its notes store is keyed by
 * the id in the path in every mode), so the teeth are the classic slips: hand-written guest apps, and the
 * own origin behind a front that handles a PUT of a missing note as a POST.
 */
describe('idempotent-methods', () => {
  it('holds on apisim\'s own origin', async () => {
    const prepared = await prepare(ownOriginTarget());
    expect(idempotentMethods.notApplicable(prepared.target)).toBeUndefined();
    await fc.assert(principleProperty(idempotentMethods, prepared), { numRuns: runCount(20), seed: 1 });
  });

  it('holds on the spec\'s unstable line, where every first answer is lost and the naive client sends the request again', async () => {
    await fc.assert(principleProperty(withSettings(idempotentMethods, unstableLineNaiveClient), await prepare(ownOriginTarget())), { numRuns: runCount(10), seed: 5 });
  });

  it('teeth: apisim\'s own origin taking a PUT of a missing note as a POST is caught, shrunk to one PUT of a missing note sent twice', async () => {
    const result = await fc.check(principleProperty(idempotentMethods, await prepare(flawedOriginTarget('put-as-post'))), { numRuns: 100, seed: 6 });
    expect(result.failed).toBe(true);
    const plan = result.counterexample![1];
    expect([plan.method, plan.creators.length, plan.repeats]).toEqual(['PUT', 0, 1]);
    expect(String(result.errorInstance)).toMatch(/PUT \/notes\/987654 by user, sent 2 times \(201, 201\)/);
  });

  it('holds on a correct guest app', async () => {
    await fc.assert(principleProperty(idempotentMethods, await prepare(notesTarget('default'))), { numRuns: runCount(20), seed: 2 });
  });

  it('teeth: a PUT that inserts under a new id is caught, shrunk to one PUT of a missing note sent twice', async () => {
    const result = await fc.check(principleProperty(idempotentMethods, await prepare(notesTarget('putMints'))), { numRuns: 100, seed: 3 });
    expect(result.failed).toBe(true);
    const plan = result.counterexample![1];
    // With no note created, any position names the missing one.
    expect([plan.method, plan.creators.length, plan.repeats]).toEqual(['PUT', 0, 1]);
    expect(String(result.errorInstance)).toMatch(/PUT \/notes\/987654 by anonymous, sent 2 times/);
  });

  it('teeth: a DELETE that takes the id for a position is caught, shrunk to two notes and one DELETE sent twice', async () => {
    const result = await fc.check(principleProperty(idempotentMethods, await prepare(notesTarget('deleteByPosition'))), { numRuns: 100, seed: 4 });
    expect(result.failed).toBe(true);
    const plan = result.counterexample![1];
    expect([plan.method, plan.creators.length, plan.repeats]).toEqual(['DELETE', 2, 1]);
    expect(String(result.errorInstance)).toMatch(/DELETE \/notes\/1 by anonymous, sent 2 times \(204, 204\)/);
  });

  it('sends only the methods a target declares', () => {
    const target = { ...ownOriginTarget(), writable: [{ ...ownOriginTarget().writable![0]!, methods: ['GET' as const] }] };
    expect(idempotentMethods.notApplicable(target as never)).toMatch(/PUT or DELETE/);
  });

  it('says it does not apply, not crash, where only a signed-in writer may write and no users are declared', () => {
    const own = ownOriginTarget();
    const writable = own.writable![0]!;
    const target = { ...own, users: undefined, owned: [{ path: writable.item, kind: 'note' }] };
    expect(idempotentMethods.notApplicable(target as never)).toMatch(/private to their writer.*no users/);
    expect(idempotentMethods.notApplicable({ ...target, owned: [] } as never)).toBeUndefined();
  });
});
