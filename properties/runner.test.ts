import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { ownerIsolation } from './owner-isolation.js';
import { assertPrinciple, PrincipleBroken, runPrinciple } from './runner.js';
import { ownTarget } from './test-kit/own-origin.js';
import { planRun } from '../sim/host/run-plan.js';
import { fromFile } from '../sim/scenario/resolve.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

const flawed = new URL('../examples/express-orders/apisim-flawed.config.ts', import.meta.url);
const runs = process.env.APISIM_RUNS;

describe('the runner', { timeout: 30_000 }, () => {
  afterEach(() => {
    if (runs === undefined) delete process.env.APISIM_RUNS;
    else process.env.APISIM_RUNS = runs;
  });

  it('reports a broken principle: what broke, the shrunk requests with their statuses, and the commands that replay it', async () => {
    const prepared = await PreparedTarget.prepare(await loadTarget(flawed));
    const folder = scratchFolder('runner');
    const result = await runPrinciple(prepared, ownerIsolation, { runs: 30, fcSeed: 5, folder, rerun: 'npx vitest run x.test.ts' });
    expect(result.failed).toBe(true);
    // Either user may be the one who creates: the plan shrinks toward neither.
    const owner = result.requests[0]!.role;
    const other = owner === 'user' ? 'other-user' : 'user';
    expect(result.requests.map((r) => `${r.role} ${r.method} ${r.path} ${r.status}${r.signIn ? ' sign-in' : ''}`)).toEqual([
      `${owner} POST /login 204 sign-in`,
      `${owner} POST /orders 201`,
      `${other} POST /login 204 sign-in`,
      `${other} GET /orders/1 200`,
    ]);
    expect([result.requestCount, result.signIns]).toEqual([2, 2]);
    const file = join(folder, 'express-orders-flawed-owner-isolation.json');
    expect(result.scenario).toEqual({ file, command: `npx apisim sim --file ${file} --seed ${result.seed}`, differs: undefined, unjudged: undefined });
    const written = JSON.parse(readFileSync(file, 'utf8')) as { origin: unknown; counterexampleOf: unknown };
    expect(written.origin).toMatchObject({ export: 'flawed' });
    // The config file, from the scenario's folder: a replay judges the run again on the app as it is then.
    expect(written.counterexampleOf).toMatchObject({ principle: 'owner-isolation', seed: result.seed, target: { config: expect.stringMatching(/\/examples\/express-orders\/apisim-flawed\.config\.ts$/) as unknown } });
    expect(result.report).toContain(`What broke:\n  ${other} GET /orders/1, ${owner}'s orders object, was answered 200, not 403 or 404`);
    expect(result.report).toContain('to 2 requests, besides 2 sign-ins:');
    expect(result.report).toMatch(/(user|other-user) +GET \/orders\/1 +→ 200\n/);
    expect(result.report).toContain(`Replay it in the simulator; it judges the run again by owner-isolation, and exits 1 while it still fails, 0 once it no longer does:\n  ${result.scenario!.command}`);
    expect(result.report).toMatch(/Replay this fast-check run: APISIM_SEED=5 APISIM_PATH=[\d:]+ npx vitest run x\.test\.ts$/);
  });

  it('writes the cookies and the id a later request sent on from an earlier answer as captures, so that the file breaks the principle on other seeds too', async () => {
    const prepared = await PreparedTarget.prepare(await loadTarget(flawed));
    const folder = scratchFolder('runner');
    const result = await runPrinciple(prepared, ownerIsolation, { runs: 30, fcSeed: 5, folder });
    const file = readFileSync(result.scenario!.file, 'utf8');
    const steps = (JSON.parse(file) as { steps: { path: string; headers?: Record<string, string>; capture?: unknown }[] }).steps;
    expect(steps.map((s) => [s.path, s.headers?.cookie ?? null, s.capture ?? null])).toEqual([
      ['/login', null, { connect_sid: { from: 'cookie', name: 'connect.sid' } }],
      ['/orders', 'connect.sid={{connect_sid}}', { location: { from: 'header', name: 'location' } }],
      ['/login', null, { connect_sid_2: { from: 'cookie', name: 'connect.sid' } }],
      ['{{location}}', 'connect.sid={{connect_sid_2}}', null],
    ]);
    expect(file).not.toContain('s%3A');
    const { spec } = await fromFile(result.scenario!.file);
    const plan = await planRun({ name: 'counterexample', spec }, result.scenario!.file);
    for (const seed of [result.seed! + 1, result.seed! + 2, result.seed! + 3]) {
      expect((await plan.run(seed)).summary.map((s) => s.status), `seed ${seed}`).toEqual([204, 201, 204, 200]);
    }
  });

  it('replays one fast-check run exactly from its seed and path', async () => {
    const prepared = await PreparedTarget.prepare(await loadTarget(flawed));
    const folder = scratchFolder('runner');
    const first = await runPrinciple(prepared, ownerIsolation, { runs: 30, fcSeed: 9, folder });
    const path = /APISIM_PATH=([\d:]+)/.exec(first.report)![1]!;
    const again = await runPrinciple(prepared, ownerIsolation, { fcSeed: 9, fcPath: path, folder });
    expect(again.requests).toEqual(first.requests);
    expect(again.seed).toBe(first.seed);
  });

  it('writes the scenario where it is told, naming the app relative to that folder', async () => {
    const prepared = await PreparedTarget.prepare(await loadTarget(flawed));
    const folder = scratchFolder('runner');
    const result = await runPrinciple(prepared, ownerIsolation, { runs: 30, fcSeed: 5, folder });
    const origin = (JSON.parse(readFileSync(result.scenario!.file, 'utf8')) as { origin: { module: string } }).origin;
    expect(existsSync(join(folder, origin.module))).toBe(true);
  });

  it('makes as many runs as APISIM_RUNS says', async () => {
    process.env.APISIM_RUNS = '7';
    const result = await runPrinciple(await ownTarget(), ownerIsolation, { runs: 50 });
    expect(result).toMatchObject({ failed: false, runs: 7 });
  });

  it('assertPrinciple throws the report', async () => {
    const prepared = await ownTarget({ orders: 'login-only' });
    const error = await assertPrinciple(prepared, ownerIsolation, { fcSeed: 3, folder: scratchFolder('runner') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrincipleBroken);
    expect((error as PrincipleBroken).message).toMatch(/^apisim-login-only-with-effect breaks owner-isolation: /);
  });
});
