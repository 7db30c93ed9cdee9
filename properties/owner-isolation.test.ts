import { describe, expect, it } from 'vitest';
import { ownerIsolation } from './owner-isolation.js';
import { runPrinciple } from './runner.js';
import { ownTarget, prepare } from './test-kit/own-origin.js';
import { flawedOriginTarget } from './test-kit/own-origin-flaws.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

describe('owner-isolation on apisim\'s own origin', { timeout: 30_000 }, () => {
  it('holds in owner-check behaviour: the other user\'s reads, changes and deletes are refused', async () => {
    const result = await runPrinciple(await ownTarget(), ownerIsolation, { runs: 40, fcSeed: 1 });
    expect(result.outcome, result.report).toBe('pass');
  });

  it('breaks in login-only behaviour, shrunk to one request besides the sign-in', async () => {
    const result = await runPrinciple(await ownTarget({ orders: 'login-only' }), ownerIsolation, { runs: 40, fcSeed: 1, folder: scratchFolder('owner') });
    expect(result.failed).toBe(true);
    expect(result.requestCount).toBe(1);
    expect(result.signIns).toBe(1);
    expect(result.problems[0]).toMatch(/^(user|other-user) (GET|PATCH|DELETE) \/orders\/12[1-4], .* was answered 2\d\d, not 403 or 404$/);
  });

  it('breaks behind a cache that keeps answers marked private: the owner\'s read hands the order to the other user, in two requests', async () => {
    const result = await runPrinciple(await prepare(flawedOriginTarget('caches-private')), ownerIsolation, { runs: 40, fcSeed: 1, folder: scratchFolder('owner-cache') });
    expect(result.failed).toBe(true);
    expect(result.requestCount).toBeLessThanOrEqual(2);
    expect(result.problems[0]).toMatch(/^(user|other-user) GET \/orders\/12[1-4], .* was answered 200, not 403 or 404$/);
    expect(result.scenario?.differs).toBeUndefined();
  });

  it('does not apply to a target without users', async () => {
    const prepared = await ownTarget({}, (t) => { const copy = { ...t }; delete copy.users; return copy; });
    expect(ownerIsolation.notApplicable(prepared.target)).toMatch(/no users/);
  });
});
