import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type HttpRequest, type HttpResponse, jsonResponse } from '../../../src/http/message.js';
import type { OriginProcess } from '../../nodes/origin-process.js';
import { type RunLimits, Simulation } from '../../simulation.js';
import { RngStreams } from '../../rng.js';
import { World, type WorldOptions } from './world.js';

/** An app as a user writes one: a function from a request to a promise of a response. */
export type App = (req: HttpRequest) => Promise<HttpResponse>;

export function processOf(app: App): OriginProcess {
  return { handle: (req) => app(req) };
}

/** Answers at once (on a promise, as apps do) with the time it reads. */
export const plainApp: App = () => Promise.resolve(jsonResponse(200, { now: Date.now() }));

/** Waits 15 ms on its own timer, as app code does, then answers with the time it reads. */
export const waitingApp: App = async () => {
  await new Promise((resolve) => setTimeout(resolve, 15));
  return jsonResponse(200, { now: Date.now() });
};

/** The real ones, as this module found them: a world lent later must give exactly these back. */
export const real = {
  Date: globalThis.Date,
  setTimeout: globalThis.setTimeout,
  setInterval: globalThis.setInterval,
  setImmediate: globalThis.setImmediate,
  clearTimeout: globalThis.clearTimeout,
  // Kept for identity only, never called unbound.
  random: Reflect.get(Math, 'random') as unknown,
  randomUUID: Reflect.get(globalThis.crypto, 'randomUUID') as unknown,
  getRandomValues: Reflect.get(globalThis.crypto, 'getRandomValues') as unknown,
  performanceNow: Reflect.get(globalThis.performance, 'now') as unknown,
  hrtime: process.hrtime,
};

/** True when every global the world lends is the real one again and behaves as such. */
export async function realWorldIsBack(): Promise<boolean> {
  const same =
    globalThis.Date === real.Date && globalThis.setTimeout === real.setTimeout && globalThis.setInterval === real.setInterval &&
    globalThis.setImmediate === real.setImmediate && Math.random === real.random && globalThis.crypto.randomUUID === real.randomUUID &&
    globalThis.crypto.getRandomValues === real.getRandomValues && globalThis.performance.now === real.performanceNow && process.hrtime === real.hrtime &&
    !Object.hasOwn(globalThis.performance, 'now') && !Object.hasOwn(globalThis.crypto, 'randomUUID');
  // A real timer fires in real time, and the wall clock is the machine's, not 2026-01-01.
  const fired = await new Promise<boolean>((resolve) => {
    setTimeout(() => resolve(true), 1);
  });
  const wallMs = performance.timeOrigin + performance.now();
  return same && fired && Math.abs(Date.now() - wallMs) < 5_000;
}

/** A world on a bare simulation, for tests of the world itself: `run` runs every event, the app's timers included. */
export function lentWorld(seed = 1, options: WorldOptions = {}): { sim: Simulation; world: World; run: (limits?: RunLimits) => Promise<void> } {
  const sim = new Simulation();
  const world = World.lend(sim, new RngStreams(seed).stream('guest'), options);
  const run = (limits: RunLimits = {}): Promise<void> => sim.run(limits, { settle: async () => {
    await world.settle();
  }, goOn: (next) => next !== undefined });
  return { sim, world, run };
}

/**
 * Node's own `import()`, past the test runner's: vitest rewrites an `import()` in the code it loads into its
 * own, which asks the runner's process over a channel made before any world, while a guest's app loads
 * modules through Node's loader, which reads the file: the real work under test. vitest leaves a module under
 * a `node_modules` folder to Node, so the `import()` of one written there is Node's. Call before a world is lent.
 */
export async function loadNativeImport(): Promise<void> {
  if (nativeImport !== undefined) return;
  const folder = join(mkdtempSync(join(tmpdir(), 'apisim-lazy-')), 'node_modules');
  mkdirSync(folder);
  writeFileSync(join(folder, 'native-import.mjs'), 'export default (specifier) => import(specifier);\n');
  lazyPath = join(folder, 'lazy.mjs');
  writeFileSync(lazyPath, 'export const loaded = true;\n');
  // eslint-disable-next-line apisim/layering -- a helper written to a temporary folder, by its URL
  nativeImport = ((await import(pathToFileURL(join(folder, 'native-import.mjs')).href)) as { default: (specifier: string) => Promise<unknown> }).default;
}

let nativeImport: ((specifier: string) => Promise<unknown>) | undefined;
let lazyPath = '';
let loads = 0;

/** Real work an app waits on in a handler, one of each kind the issue names: each resolves when it is done. */
export const realWorkOf = {
  file: () => readFile(import.meta.filename).then(() => undefined),
  digest: () => globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(1024)).then(() => undefined),
  gzip: () => promisify(gzip)('x'.repeat(10_000)).then(() => undefined),
  /** A module never loaded before in this process (its URL is new), through Node's loader (`loadNativeImport`). */
  lazyImport: () => nativeImport!(`${pathToFileURL(lazyPath).href}?load=${++loads}`).then(() => undefined),
};
