import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CounterexampleOf } from '../sim/scenario/spec.js';
import { allPrinciples } from './all-principles.js';
import { isJsonData, rejudge } from './counterexample-file.js';
import { ownerIsolation } from './owner-isolation.js';
import { runPrinciple } from './runner.js';
import { ownTarget } from './test-kit/own-origin.js';
import { withSettings } from './test-kit/principle-settings.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

const recordOf = (file: string): CounterexampleOf => (JSON.parse(readFileSync(file, 'utf8')) as { counterexampleOf: CounterexampleOf }).counterexampleOf;

describe('a counterexample file records what it is a counterexample of', { timeout: 60_000 }, () => {
  // The file replays a principle by its plan, so every principle's plan must come back from JSON as it went.
  it('every principle draws its plans as plain JSON data', async () => {
    const prepared = await ownTarget({}, (t) => ({ ...t, graph: { ...t.graph!, persisted: 'apq' } }));
    for (const principle of allPrinciples) {
      expect(principle.notApplicable(prepared.target), principle.name).toBeUndefined();
      for (const plan of fc.sample(principle.plan(prepared.target, prepared), { numRuns: 100, seed: 1 })) expect(isJsonData(plan), `${principle.name}: ${JSON.stringify(plan)}`).toBe(true);
    }
  });

  it('is judged again by its principle: it still fails on the target it broke, and no longer once the target is fixed', async () => {
    const folder = scratchFolder('rejudge');
    const result = await runPrinciple(await ownTarget({ orders: 'login-only' }), ownerIsolation, { runs: 40, fcSeed: 1, folder });
    expect(result.scenario?.unjudged).toBeUndefined();
    expect(result.report).toContain(`Replay it in the simulator; it judges the run again by owner-isolation, and exits 1 while it still fails, 0 once it no longer does:\n  ${result.scenario!.command}`);
    const file = result.scenario!.file;
    const record = recordOf(file);
    // apisim's own origin described in memory: the description itself is written down.
    expect(record).toMatchObject({ principle: 'owner-isolation', seed: result.seed, target: { description: { app: { apisim: { orders: 'login-only' } } } } });
    const again = await rejudge(record, file);
    expect(again).toEqual({ principle: 'owner-isolation', statement: ownerIsolation.statement, target: 'apisim-login-only-with-effect', seed: result.seed, verdict: { outcome: 'broken', problems: result.problems } });

    const description = (record.target as { description: { app: { apisim: Record<string, string> } } }).description;
    const fixed = { ...record, target: { description: { ...description, name: 'fixed', app: { apisim: { ...description.app.apisim, orders: 'owner-check' } } } } };
    expect(await rejudge(fixed, file)).toMatchObject({ target: 'fixed', verdict: { outcome: 'held' } });
  });

  it('records nothing it could not judge again: a principle that is not apisim\'s own is not found by name', async () => {
    const mine = withSettings(ownerIsolation, (settings) => settings);
    const result = await runPrinciple(await ownTarget({ orders: 'login-only' }), mine, { runs: 40, fcSeed: 1, folder: scratchFolder('rejudge-mine') });
    expect(result.scenario?.unjudged).toBe('owner-isolation is not one of apisim\'s principles, which a replay finds by name');
    expect(result.report).toContain('Replay it in the simulator (it shows the run, but does not judge it: owner-isolation is not one of apisim\'s principles');
    expect(JSON.parse(readFileSync(result.scenario!.file, 'utf8'))).not.toHaveProperty('counterexampleOf');
  });

  it('a file that names no principle apisim knows is the user\'s to fix', async () => {
    const file = 'x.json';
    await expect(rejudge({ principle: 'no-such', target: { description: {} }, seed: 0, plan: [] }, file)).rejects.toThrow(/^x\.json: counterexampleOf\.principle: no principle is named "no-such"; apisim's are authentication-first, /);
  });
});
