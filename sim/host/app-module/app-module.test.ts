import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/spec.js';
import { runGuestScenario } from '../run-guest-scenario.js';
import { virtualEpochMs } from '../world/epoch.js';
import { realWorldIsBack } from '../world/test-kit.js';
import { AppModuleError } from './app-module-error.js';
import { loadAppModule } from './app-module.js';

/** Modules a user might write, in a folder of their own (an ES module package, as apisim's is). */
const modules: Readonly<Record<string, string>> = {
  'factory.ts': `
    import { Hono } from 'hono';
    export let built = 0;
    export default function createApp() {
      built++;
      const startedAt = Date.now();
      let hits = 0;
      const app = new Hono();
      app.get('/', (c) => c.json({ startedAt, hits: ++hits, built }));
      return Object.assign(app, { hitCount: () => hits });
    }
    export function state(app: { hitCount(): number }) { return { hits: app.hitCount() }; }`,
  'instance.ts': `
    import express from 'express';
    const loadedAt = Date.now();
    let hits = 0;
    const app = express();
    app.get('/', (_req, res) => { res.json({ loadedAt, hits: ++hits }); });
    export default app;
    export const state = () => ({ hits });`,
  'throws.ts': `throw new Error('DATABASE_URL is not set\\n    (set it in .env)');`,
  'named.ts': `export function createApp() { return { fetch: () => new Response('') }; }\nexport const port = 3000;`,
  'empty.ts': `export {};`,
  'number.ts': `export default 42;`,
  'factory-throws.ts': `export default () => { throw new TypeError('config.routes is not iterable'); };`,
  'factory-string.ts': `export default async () => 'not an app';`,
  'zero-arity-fetch.ts': `export default () => new Response('hi');`,
  'bad-state.ts': `export default { fetch: () => new Response('') };\nexport const state = { hits: 0 };`,
  'with-options.ts': `
    export function build(options: { greeting: string; builds?: number }) {
      options.builds = (options.builds ?? 0) + 1;
      return { fetch: () => Response.json(options) };
    }`,
};

let dir: string;
const scenarioFile = () => join(dir, 'scenario.json');
const load = (module: string, more: { export?: string; kind?: 'factory' | 'fetch' | 'listener'; options?: { greeting: string } } = {}, options = {}) =>
  loadAppModule({ module: `./${module}`, export: more.export ?? 'default', ...(more.kind === undefined ? {} : { kind: more.kind }), ...(more.options === undefined ? {} : { options: more.options }) }, scenarioFile(), options);
const refusal = async (module: string, more: { export?: string } = {}): Promise<string> => {
  const error = await load(module, more).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppModuleError);
  return (error as Error).message;
};
const oneGet = parseScenario({ steps: [{ method: 'GET', path: '/' }] });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apisim-app-module-'));
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }');
  for (const [name, text] of Object.entries(modules)) await writeFile(join(dir, name), text);
});

describe('an app named by a scenario file', { timeout: 20_000 }, () => {
  it('builds a fresh app from a factory for every run, in the virtual world, and reports its state', async () => {
    const app = await load('factory.ts');
    expect(app.factory).toBe(true);
    const first = await runGuestScenario('s', oneGet, { seed: 1, ...app.guest });
    const second = await runGuestScenario('s', oneGet, { seed: 1, ...app.guest });
    expect(JSON.parse(first.exchanges[0]!.response!.body!)).toEqual({ startedAt: virtualEpochMs, hits: 1, built: 1 });
    // The module's top level ran once: what it holds (\`built\`) is shared, what the factory builds is not.
    expect(JSON.parse(second.exchanges[0]!.response!.body!)).toEqual({ startedAt: virtualEpochMs, hits: 1, built: 2 });
    expect([first.guestState, second.guestState]).toEqual([{ hits: 1 }, { hits: 1 }]);
    expect(await realWorldIsBack()).toBe(true);
  });

  it('imports an app instance afresh for every run, inside the world, and notes once that a factory is surer', async () => {
    const notes: string[] = [];
    const app = await load('instance.ts', {}, { onNote: (note: string) => notes.push(note) });
    expect(app.factory).toBe(false);
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await runGuestScenario('s', oneGet, { seed: 1, ...app.guest }));
    // Each run's module read virtual time 0 at its top level and served its first request.
    expect(runs.map((r) => JSON.parse(r.exchanges[0]!.response!.body!) as unknown)).toEqual([1, 2, 3].map(() => ({ loadedAt: virtualEpochMs, hits: 1 })));
    expect(runs.map((r) => r.guestState)).toEqual([{ hits: 1 }, { hits: 1 }, { hits: 1 }]);
    expect(new Set(runs.map((r) => r.traceHash)).size).toBe(1);
    expect(notes).toEqual([
      'export "default" of ./instance.ts is an app, not a factory: each run imports ./instance.ts afresh to build a new one, but the modules it imports are loaded once and shared by the runs; a factory that builds all of the app\'s state is the sure way (docs/guest-world.md)',
    ]);
  });

  it('hands a factory its options, a fresh copy each run, so what one run changes in them the next never sees', async () => {
    const given = { greeting: 'hi' };
    const app = await load('with-options.ts', { export: 'build', options: given });
    const bodies = [];
    for (let i = 0; i < 2; i++) bodies.push(JSON.parse((await runGuestScenario('s', oneGet, { seed: 1, ...app.guest })).exchanges[0]!.response!.body!) as unknown);
    expect(bodies).toEqual([{ greeting: 'hi', builds: 1 }, { greeting: 'hi', builds: 1 }]);
    expect(given).toEqual({ greeting: 'hi' });
  });

  it('has no state to report when the module exports none', async () => {
    const app = await load('named.ts', { export: 'createApp' });
    expect(app.guest.state).toBeUndefined();
    expect((await runGuestScenario('s', oneGet, { seed: 1, ...app.guest })).guestState).toBeUndefined();
  });

  it('refuses a module that is not there, with the path it looked at', async () => {
    expect(await refusal('nowhere.ts')).toBe(`the app module ./nowhere.ts was not found: no file at ${join(dir, 'nowhere.ts')}`);
  });

  it('refuses a module whose import throws, with the first line of the error', async () => {
    expect(await refusal('throws.ts')).toBe('importing ./throws.ts failed: Error: DATABASE_URL is not set');
  });

  it('refuses a missing export, listing the exports there are', async () => {
    expect(await refusal('named.ts')).toBe('./named.ts has no export "default": it exports createApp, port');
    expect(await refusal('empty.ts')).toBe('./empty.ts has no export "default": it has no exports');
  });

  it('refuses an export that is not an app, saying what it is', async () => {
    expect(await refusal('number.ts')).toBe(
      'export "default" of ./number.ts is not an app: it is the number 42. An origin is a fetch app ({ fetch }, e.g. a Hono app), a fetch function ' +
        '(request) => Response, a Node listener (req, res) (e.g. an Express app), a Fastify instance, a Koa app, a NestJS application, or a factory () => one of those (docs/guest-world.md, "Naming your app in a scenario file")',
    );
    expect(await refusal('bad-state.ts')).toBe('export "state" of ./bad-state.ts is an object with keys hits, not a function: state(app) says what the run reports as the app\'s final state');
  });

  it.each([
    ['factory-throws.ts', 'the factory (export "default" of ./factory-throws.ts) threw: TypeError: config.routes is not iterable'],
    ['factory-string.ts', 'the factory (export "default" of ./factory-string.ts) did not return an app: it returned the string "not an app". An origin is a fetch app'],
    ['zero-arity-fetch.ts', 'the factory (export "default" of ./zero-arity-fetch.ts) returned a Response, not an app: a function of no parameters is taken for a factory. If it is a fetch function, declare its parameter, (request) => …, or say "kind": "fetch" in the scenario\'s origin'],
  ])('fails the run of %s, whose factory does not build an app, and gives the world back', async (module, message) => {
    const app = await load(module);
    const run = runGuestScenario('s', oneGet, { seed: 1, ...app.guest });
    await expect(run).rejects.toThrow(AppModuleError);
    await expect(run).rejects.toThrow(message);
    expect(await realWorldIsBack()).toBe(true);
  });

  it('serves a function of no parameters as a fetch function when "kind" says so', async () => {
    const app = await load('zero-arity-fetch.ts', { kind: 'fetch' });
    expect((await runGuestScenario('s', oneGet, { seed: 1, ...app.guest })).exchanges[0]!.response!.body).toBe('hi');
  });
});
