import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/spec.js';
import { runGuestScenario } from '../run-guest-scenario.js';
import { realWorldIsBack } from '../world/test-kit.js';
import { AppModuleError } from './app-module-error.js';
import { loadAppModule } from './app-module.js';

/**
 * Apps whose module exports `restart(app)`: rows kept in a store that outlives the app, as a database does,
 * and a count of requests kept in the process, which a restart loses.
 */
const storeApp = `
  import { Hono } from 'hono';
  const stores = new WeakMap();
  export default function createApp(store = { rows: [] }) {
    let handled = 0;
    const app = new Hono();
    app.post('/rows', async (c) => { store.rows.push(await c.req.text()); handled++; return c.json({ rows: store.rows.length, handled }, 201); });
    app.get('/rows', (c) => c.json({ rows: store.rows, handled: ++handled }));
    stores.set(app, store);
    return app;
  }
  export const state = (app) => stores.get(app);`;

const modules: Readonly<Record<string, string>> = {
  'restarts.ts': `${storeApp}\nexport function restart(app) { return createApp(stores.get(app)); }`,
  'restarts-async.ts': `${storeApp}\nexport async function restart(app) { await Promise.resolve(); return createApp(stores.get(app)); }`,
  'no-restart.ts': storeApp,
  'restart-not-function.ts': `${storeApp}\nexport const restart = { after: 'crash' };`,
  'restart-same.ts': `${storeApp}\nexport const restart = (app) => app;`,
  'restart-throws.ts': `${storeApp}\nexport const restart = () => { throw new Error('database unreachable'); };`,
  'restart-string.ts': `${storeApp}\nexport const restart = () => 'not an app';`,
};

let dir: string;
const load = (module: string) => loadAppModule({ module: `./${module}`, export: 'default' }, join(dir, 'scenario.json'));

/** A POST, then a read a second later, past the restart; the crash as `crash` says. */
const withCrash = (crash: Record<string, unknown>) =>
  parseScenario({
    steps: [{ method: 'POST', path: '/rows', body: { row: 'a' } }, { method: 'GET', path: '/rows', atUs: 1_000_000 }],
    crashes: [{ downUs: 200_000, ...crash }],
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apisim-restart-hook-'));
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }');
  for (const [name, text] of Object.entries(modules)) await writeFile(join(dir, name), text);
});

describe('a module that exports restart(app)', { timeout: 20_000 }, () => {
  it.each(['restarts.ts', 'restarts-async.ts'])('%s: after a crash, a new app serves on the store the old one kept, and the process\'s memory is gone', async (module) => {
    const app = await load(module);
    expect(app.restarts).toBe(true);
    const result = await runGuestScenario('s', withCrash({ request: 1, point: 'after-response' }), { seed: 1, ...app.guest });
    expect(result.summary.map((s) => s.status)).toEqual([201, 200]);
    // The row survived; the count of requests is the new process's own.
    expect(JSON.parse(result.exchanges[1]!.response!.body!)).toEqual({ rows: ['{"row":"a"}'], handled: 1 });
    expect(result.guestState).toEqual({ rows: ['{"row":"a"}'] });
    // The POST's 11 bytes take 44 µs on the line, so it arrives at 60.044 ms and is handled by 75.044 ms.
    expect(result.trace.events.filter((e) => e.kind === 'crash' || e.kind === 'restart').map((e) => [e.kind, e.atUs])).toEqual([['crash', 75_044], ['restart', 275_044]]);
    expect(await realWorldIsBack()).toBe(true);
  });

  it('after-effect: the app made the change and answered, and the answer never left', async () => {
    const app = await load('restarts.ts');
    const scenario = parseScenario({ ...withCrash({ request: 1, point: 'after-effect' }), modes: { client: { policy: 'naive', maxAttempts: 1 } } });
    const result = await runGuestScenario('s', scenario, { seed: 1, ...app.guest });
    expect(result.summary.map((s) => s.status)).toEqual([null, 200]);
    expect(result.guestState).toEqual({ rows: ['{"row":"a"}'] });
  });

  it('before-effect: the request is never handed to the app', async () => {
    const app = await load('restarts.ts');
    const scenario = parseScenario({ ...withCrash({ request: 1, point: 'before-effect' }), modes: { client: { policy: 'naive', maxAttempts: 1 } } });
    const result = await runGuestScenario('s', scenario, { seed: 1, ...app.guest });
    expect(result.guestState).toEqual({ rows: [] });
  });

  it('a crash at a time restarts the app as well', async () => {
    const app = await load('restarts.ts');
    const result = await runGuestScenario('s', withCrash({ atUs: 500_000 }), { seed: 1, ...app.guest });
    expect(JSON.parse(result.exchanges[1]!.response!.body!)).toEqual({ rows: ['{"row":"a"}'], handled: 1 });
  });

  it('refuses crashes for a module without restart, saying to export it', async () => {
    const app = await load('no-restart.ts');
    expect(app.restarts).toBe(false);
    const run = runGuestScenario('s', withCrash({ request: 1, point: 'after-effect' }), { seed: 1, ...app.guest });
    await expect(run).rejects.toThrow(/"crashes": the app cannot be restarted after a crash: export restart\(app\) from its module/);
    expect(await realWorldIsBack()).toBe(true);
  });

  it('refuses a restart that is not a function when the module loads', async () => {
    const error = await load('restart-not-function.ts').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppModuleError);
    expect((error as Error).message).toBe('export "restart" of ./restart-not-function.ts is an object with keys after, not a function: restart(app) returns a new app on the storage the crashed app kept');
  });

  it.each([
    ['restart-same.ts', 'restart(app) of ./restart-same.ts returned the app it was given: return a new app on the same storage, so that what the crashed process held only in memory is lost, as in a real crash'],
    ['restart-throws.ts', 'restart(app) of ./restart-throws.ts threw: Error: database unreachable'],
    ['restart-string.ts', 'restart(app) of ./restart-string.ts did not return an app: it returned the string "not an app". An origin is'],
  ])('fails the run of %s at the restart, and gives the world back', async (module, message) => {
    const app = await load(module);
    const run = runGuestScenario('s', withCrash({ request: 1, point: 'after-response' }), { seed: 1, ...app.guest });
    await expect(run).rejects.toThrow(AppModuleError);
    await expect(run).rejects.toThrow(message);
    expect(await realWorldIsBack()).toBe(true);
  });
});
