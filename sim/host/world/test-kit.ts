import { type HttpRequest, type HttpResponse, jsonResponse } from '../../../src/http/message.js';
import type { OriginProcess } from '../../nodes/origin-process.js';
import { type RunLimits, Simulation } from '../../simulation.js';
import { RngStreams } from '../../rng.js';
import { World } from './world.js';

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
export function lentWorld(seed = 1): { sim: Simulation; world: World; run: (limits?: RunLimits) => Promise<void> } {
  const sim = new Simulation();
  const world = World.lend(sim, new RngStreams(seed).stream('guest'));
  const run = (limits: RunLimits = {}): Promise<void> => sim.run(limits, { settle: () => world.settle(), goOn: (next) => next !== undefined });
  return { sim, world, run };
}
