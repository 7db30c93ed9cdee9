import { describe, expect, it } from 'vitest';
import type { TargetInput } from './targets/target.js';
import { graphPersistedEqualsPosted } from './graph-persisted-equals-posted.js';
import { runPrinciple } from './runner.js';
import { ownTarget, prepare } from './test-kit/own-origin.js';
import { flawedOriginTarget } from './test-kit/own-origin-flaws.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

/** apisim's own origin serves Apollo's persisted queries; its description says so here. */
const withPersisted = (target: TargetInput): TargetInput => ({ ...target, graph: { ...target.graph!, persisted: 'apq' } });

describe('graph-persisted-equals-posted', { timeout: 30_000 }, () => {
  it('holds on apisim\'s own origin, through the shared cache', async () => {
    const result = await runPrinciple(await ownTarget({}, withPersisted), graphPersistedEqualsPosted, { runs: 30, fcSeed: 1 });
    expect(result.outcome, result.report).toBe('pass');
  });

  it('breaks behind a cache keyed without the query string: one persisted query is answered with another\'s, in two asks', async () => {
    const result = await runPrinciple(await prepare(withPersisted(flawedOriginTarget('cache-key-without-query'))), graphPersistedEqualsPosted, { runs: 50, fcSeed: 1, folder: scratchFolder('persisted') });
    expect(result.failed).toBe(true);
    expect(result.problems[0]).toMatch(/^ask 2, .*: the first GET of an unregistered hash answered 200 /);
    // The first ask's GET, registering POST and GET by hash; the second's GET, answered with the first's.
    expect(result.requestCount).toBe(4);
    expect(result.scenario?.differs).toBeUndefined();
  });

  it('does not apply to a target that declares no persisted queries', async () => {
    const prepared = await ownTarget();
    expect(graphPersistedEqualsPosted.notApplicable(prepared.target)).toMatch(/no persisted queries/);
  });
});
