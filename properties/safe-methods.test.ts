import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCount } from '../test/support/run-count.js';
import { safeMethods } from './safe-methods.js';
import { notesTarget } from './test-kit/notes-app.js';
import { ownOriginTarget, prepare } from './test-kit/own-origin.js';
import { flawedOriginTarget } from './test-kit/own-origin-flaws.js';
import { principleProperty } from './test-kit/principle-check.js';

/**
 * apisim's own origin has no mode with an unsafe GET (its notes are right in every mode), so the teeth are
 * "read once" notes, whose GET deletes the note it answers: a hand-written guest app, and the own origin
 * behind a front that does so through its real DELETE.
 */
describe('safe-methods', () => {
  it('holds on apisim\'s own origin', async () => {
    const prepared = await prepare(ownOriginTarget());
    expect(safeMethods.notApplicable(prepared.target)).toBeUndefined();
    await fc.assert(principleProperty(safeMethods, prepared), { numRuns: runCount(15), seed: 1 });
  });

  it('holds on a correct guest app', async () => {
    await fc.assert(principleProperty(safeMethods, await prepare(notesTarget('default'))), { numRuns: runCount(15), seed: 2 });
  });

  it('teeth: a GET that deletes the note it reads is caught, shrunk to one GET of one note', async () => {
    const result = await fc.check(principleProperty(safeMethods, await prepare(notesTarget('readOnce'))), { numRuns: 100, seed: 3 });
    expect(result.failed).toBe(true);
    const plan = result.counterexample![1];
    expect(plan.creations).toHaveLength(1);
    expect(plan.reads).toHaveLength(1);
    expect(String(result.errorInstance)).toMatch(/safe-methods broken/);
  });

  it('teeth: apisim\'s own origin deleting a note once it is read is caught, shrunk to one note and one read', async () => {
    const result = await fc.check(principleProperty(safeMethods, await prepare(flawedOriginTarget('read-deletes'))), { numRuns: 100, seed: 4 });
    expect(result.failed).toBe(true);
    const plan = result.counterexample![1];
    expect(plan.creations).toHaveLength(1);
    expect(plan.reads).toHaveLength(1);
    // The view is read with GETs, so the note is gone before the plan's own read: the view itself shows it.
    expect(String(result.errorInstance)).toMatch(/after reading every collection and item once with GET: was \S+ GET \/notes(\/1)?: 200/);
  });

  it('is not applicable to a target with nothing writable', () => {
    expect(safeMethods.notApplicable({ ...ownOriginTarget(), writable: [], owned: [] } as never)).toMatch(/no writable/);
  });
});
