import { createRequire, syncBuiltinESMExports } from 'node:module';
import { promisify } from 'node:util';
import type { Worker } from 'node:worker_threads';
import type { Rng } from '../../rng.js';
import { AppOutput } from './app-output.js';
import { defaultRealWorkLimitMs, Drain } from './drain.js';
import { virtualEpochMs } from './epoch.js';
import { Loans } from './loans.js';
import { RealWork } from './real-work.js';
import { dlopenAllowing, workerForTheLoaderOnly } from './refusals.js';
import { SeededRandom } from './seeded-random.js';
import { TimerPromises } from './timer-promises.js';
import { VirtualClock, type VirtualTimeSource } from './virtual-clock.js';
import { type RealClears, type TimerLane, VirtualTimers } from './virtual-timers.js';
import { WatchedSources } from './watched-sources.js';

// Taken when this module loads, before any world is lent: the start's I/O is waited for in real time.
const realSetTimeout = globalThis.setTimeout; // allow-nondeterminism: the real one, kept to give back when the run ends

// Node's module objects, which `import` of a named export reads through `syncBuiltinESMExports`.
const require = createRequire(import.meta.url);
const timersModule = require('node:timers') as Record<string, unknown>;
const timerPromisesModule = require('node:timers/promises') as Record<string, unknown>;
const cryptoModule = require('node:crypto') as Record<string, unknown>;
const workerThreadsModule = require('node:worker_threads') as Record<string, unknown>;

// The real one, taken before any world is lent: an addon the app names is loaded through it.
const realDlopen = process.dlopen.bind(process);

// The real clears, taken before any world is lent, for handles of timers set before it was. Typed for any
// argument: they ignore what is not theirs, as ours do.
const realClears = { clearTimeout: globalThis.clearTimeout, clearInterval: globalThis.clearInterval, clearImmediate: globalThis.clearImmediate } as RealClears;

/** How a world is lent, beyond the simulator's clock and the run's stream. */
export interface WorldOptions {
  /** What `Date.now()` reads at virtual time 0 (`virtualEpochMs`). */
  readonly epochMs?: number;
  /**
   * How long, in real time, one instant may wait for the app's real work (a file, a hash, an `import()`)
   * before the run fails naming it (`RealWorkTimeoutError`); 5 s by default.
   */
  readonly realWorkLimitMs?: number;
  /**
   * The npm packages whose native addon the app may load, by name (`better-sqlite3`): addons whose every
   * call does its work before it returns, so nothing of theirs lands at a real time. Any other is refused.
   */
  readonly allowNativeAddons?: readonly string[];
}

/** One world at a time in a process: two would fight over the same globals. */
let lentNow: World | undefined;

/**
 * The virtual world lent to a guest's app for the length of a run: virtual clocks and timers on the
 * simulator's queue, seeded randomness from the run's `guest` stream, refusals for what cannot be made
 * virtual. `lend` puts it in place of the real one; `restore` gives every real one back.
 *
 * What is lent, and where (each also through `import { x } from 'node:...'`, kept in step by
 * `syncBuiltinESMExports`):
 * - time: `Date`, `performance.now` and `performance.timeOrigin`, `process.hrtime` (and `.bigint`),
 *   `process.uptime` (`VirtualClock`); `TZ` is UTC, so local-time strings are the same on every machine;
 * - timers: `setTimeout`, `setInterval`, `setImmediate` and their clears, globally and in `node:timers`, and
 *   `node:timers/promises` (`VirtualTimers`, `TimerPromises`);
 * - randomness: `Math.random`, `crypto.randomUUID`, `crypto.getRandomValues` (on `globalThis.crypto` and
 *   `node:crypto`) and `node:crypto`'s `randomBytes` (`SeededRandom`);
 * - output: `console`, `process.stdout.write` and `process.stderr.write`, writes to descriptors 1 and 2, into
 *   the run's log (`AppOutput`), so that what the app prints never mixes with what apisim prints;
 * - refusals: `worker_threads.Worker` but for the module loader's, `process.dlopen` but for the addons the app
 *   names (`refusals.ts`);
 * - watched, left real but counted: `node:crypto`'s `randomInt`, `randomFillSync` and the like, Web Crypto,
 *   `performance.mark` (`WatchedSources`), so a run can say what it called that may not replay.
 *
 * Not lent, on purpose: `process.nextTick` and `queueMicrotask`, on which Node's streams and promises run,
 * and which the drain lets run to the end at each instant anyway.
 */
export class World {
  readonly clock: VirtualClock;
  readonly timers: VirtualTimers;
  readonly random: SeededRandom;
  readonly output: AppOutput;
  readonly #drain: Drain;
  readonly #realWork: RealWork;
  readonly #watched = new WatchedSources();
  readonly #loans = new Loans();
  readonly #allowNativeAddons: readonly string[];
  #lent = false;

  private constructor(lane: TimerLane & VirtualTimeSource, rng: Rng, options: WorldOptions) {
    this.clock = new VirtualClock(lane, options.epochMs ?? virtualEpochMs);
    this.timers = new VirtualTimers(lane, realClears);
    this.random = new SeededRandom(rng);
    this.output = new AppOutput(lane);
    this.#realWork = new RealWork();
    this.#drain = new Drain(this.#realWork, lane, options.realWorkLimitMs ?? defaultRealWorkLimitMs);
    this.#allowNativeAddons = options.allowNativeAddons ?? [];
  }

  /** Puts a new world in place of the real one, on the simulator's clock and the run's `guest` stream. */
  static lend(lane: TimerLane & VirtualTimeSource, rng: Rng, options: WorldOptions = {}): World {
    if (lentNow !== undefined) throw new Error('a virtual world is already lent in this process: guest runs cannot overlap');
    const world = new World(lane, rng, options);
    lentNow = world;
    try {
      world.#install();
    } catch (error) {
      world.restore();
      throw error;
    }
    return world;
  }

  /**
   * Waits, in real time, for the real I/O the app's start began to end: loading its modules (a TypeScript
   * loader reads files, and may write its cache after the import has resolved), reading its configuration.
   * The start happens before virtual time begins, so that I/O cannot land at a virtual time; what is still
   * open after `limitMs` (a connection the app keeps) joins the baseline. Real work begun after this point,
   * by the app's answers, is waited for in the instant that began it (`Drain`), and named in the trace.
   */
  async finishStart(limitMs: number): Promise<void> {
    const pollMs = 5;
    for (let waitedMs = 0; waitedMs < limitMs; waitedMs += pollMs) {
      if (this.#realWork.pending().length === 0) break;
      await new Promise<void>((resolve) => realSetTimeout(resolve, pollMs));
    }
    this.#realWork.rebaseline();
  }

  /**
   * Lets the app's work pending at the current virtual time run, real work included (`Drain`); resolves to
   * the kinds of real work the app started, in words.
   */
  settle(): Promise<string[]> {
    return this.#drain.settle();
  }

  /** Real work pending beyond what there was when the world was lent, in words. */
  realWork(): string[] {
    return this.#realWork.describe();
  }

  /**
   * What the app did in this world that the world cannot repeat, in words: calls to the sources it watches.
   * Not the real work pending at the end: the process's own (a test runner's, a write to a pipe) cannot be
   * told from the app's there, and the app's real timers are named when a request goes unanswered.
   */
  notVirtual(): string[] {
    return this.#watched.seen();
  }

  /** Gives every real one back, as it was; safe to call twice. */
  restore(): void {
    if (!this.#lent) return;
    this.#lent = false;
    this.#realWork.stopWatching();
    this.#loans.giveBack();
    syncBuiltinESMExports();
    lentNow = undefined;
  }

  #install(): void {
    this.#lent = true;
    const loans = this.#loans;
    const { clock, timers, random } = this;
    const promises = new TimerPromises(timers);
    Object.defineProperty(timers.setTimeout, promisify.custom, { value: promises.setTimeout }); // allow-nondeterminism: the virtual promise form, lent
    Object.defineProperty(timers.setImmediate, promisify.custom, { value: promises.setImmediate });

    loans.lend(globalThis, 'Date', clock.Date);
    loans.lend(globalThis.performance, 'now', clock.performanceNow);
    loans.lend(globalThis.performance, 'timeOrigin', clock.epochMs);
    loans.lend(process, 'hrtime', clock.hrtime);
    loans.lend(process, 'uptime', clock.uptime);
    loans.lendEnv('TZ', 'UTC');

    for (const name of ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'] as const) {
      loans.lend(globalThis, name, timers[name]);
      loans.lend(timersModule, name, timers[name]);
    }
    for (const name of ['setTimeout', 'setImmediate', 'setInterval', 'scheduler'] as const) loans.lend(timerPromisesModule, name, promises[name]);

    loans.lend(Math, 'random', random.random);
    loans.lend(globalThis.crypto, 'randomUUID', random.randomUUID);
    loans.lend(globalThis.crypto, 'getRandomValues', random.getRandomValues);
    // `node:crypto`'s `getRandomValues` cannot be lent (a fixed getter), nor needs to be: it calls the one of
    // `globalThis.crypto`, lent above.
    for (const name of ['randomUUID', 'randomBytes'] as const) loans.lend(cryptoModule, name, random[name]);

    this.#watched.lendTo(loans);
    this.output.lendTo(loans);
    this.#realWork.watch(loans);

    loans.lend(workerThreadsModule, 'Worker', workerForTheLoaderOnly(workerThreadsModule.Worker as typeof Worker));
    loans.lend(process, 'dlopen', dlopenAllowing(this.#allowNativeAddons, realDlopen));
    syncBuiltinESMExports();
  }
}
