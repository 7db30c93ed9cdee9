import { formatMs } from '../../format.js';
import type { RealWork } from './real-work.js';
import type { VirtualTimeSource } from './virtual-clock.js';

// Taken when this module loads, before any world is lent: the drain turns the real event loop, and waits in real time.
const realSetImmediate = globalThis.setImmediate; // allow-nondeterminism: the real one, kept to drain the turn before the world lends the virtual one
const realSetTimeout = globalThis.setTimeout; // allow-nondeterminism: the real one, the bound on a wait for real work
const realClearTimeout = globalThis.clearTimeout;

/** Real turns in one drain before it stops: an app that queues real immediates without end at one instant. */
const maxTurnsPerDrain = 10_000;

/**
 * How often, in real time, a wait for real work looks again when no callback woke it: the completions Node
 * makes no callback for (the module loader's worker answering an `import()`) are seen this late at most.
 */
const pollMs = 1;

/** How long, in real time, one instant may wait for the app's real work by default (`WorldOptions.realWorkLimitMs`). */
export const defaultRealWorkLimitMs = 5_000;

/** Real work the app waits on did not finish within the bound: the run cannot go on without it, nor wait forever. */
export class RealWorkTimeoutError extends Error {
  override readonly name = 'RealWorkTimeoutError';
}

/**
 * Lets an app's work that is pending at the current virtual time run, real work included, while the virtual
 * clock stands still: a turn of the real event loop (a real `setImmediate`), by which every promise
 * continuation and `process.nextTick` queued so far has run, and the continuations they queued, to the end of
 * the chain. Repeated while the app queued real immediates (code that took `setImmediate` before the world
 * was lent), and while real work is pending (a file read, a hash on the thread pool, an `import()`), waiting
 * for it in real time, up to `limitMs` in one instant, then for what its completion set off.
 *
 * "Nothing more is pending at this instant" is, observably: the microtask and nextTick queues are empty, no
 * real immediate is queued beyond those there were when the world was lent, and no real work is pending
 * (`RealWork.pending`). Work that waits on a virtual timer is pending at a later virtual time, as an event.
 * Real work has no virtual time: it all finishes inside the instant of the event that set it off, before
 * the simulator takes the next event, so its completion cannot land at whatever virtual time the loop
 * happens to be at, and the work of two events never overlaps.
 */
export class Drain {
  readonly #realWork: RealWork;
  readonly #time: VirtualTimeSource;
  readonly #limitMs: number;

  constructor(realWork: RealWork, time: VirtualTimeSource, limitMs: number) {
    this.#realWork = realWork;
    this.#time = time;
    this.#limitMs = limitMs;
  }

  /** Settles the instant; resolves to the kinds of real work the app started in it, in words (`RealWork.takeNamed`). */
  async settle(): Promise<string[]> {
    let deadline: { passed: boolean; readonly timer: ReturnType<typeof realSetTimeout> } | undefined;
    try {
      for (let turn = 1; ; ) {
        await new Promise<void>((resolve) => realSetImmediate(resolve));
        const pending = this.#realWork.pending();
        if (pending.length > 0) {
          if (deadline === undefined) {
            const started = { passed: false, timer: realSetTimeout(() => (started.passed = true), this.#limitMs) };
            deadline = started;
          }
          if (deadline.passed) throw this.#timeout(pending);
          await this.#someFinish();
          continue;
        }
        if (this.#realWork.immediates(this.#realWork.beyondBaseline()) === 0) return this.#realWork.takeNamed();
        if (turn++ === maxTurnsPerDrain) {
          throw new Error(`the app kept queueing real setImmediate callbacks at ${formatMs(this.#time.nowUs)} ms (virtual), ${maxTurnsPerDrain} turns of the event loop in one instant; is something looping?`);
        }
      }
    } finally {
      if (deadline !== undefined) realClearTimeout(deadline.timer);
    }
  }

  /** Waits until a real operation calls back, or `pollMs`, whichever is first. */
  #someFinish(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = realSetTimeout(() => {
        this.#realWork.onCallback = undefined;
        resolve();
      }, pollMs);
      this.#realWork.onCallback = () => {
        realClearTimeout(timer);
        resolve();
      };
    });
  }

  #timeout(pending: readonly string[]): RealWorkTimeoutError {
    return new RealWorkTimeoutError(
      `the app waited on real work that did not finish within ${this.#limitMs / 1000} s of real time, at ${formatMs(this.#time.nowUs)} ms (virtual): ${pending.join(', ')}. ` +
        'The virtual clock stands still while an app waits on real work, which must end: a connection or watcher the app keeps open ' +
        'never does (open it in the factory, or give the app an in-memory stand-in); work that is only slow can be given longer (realWorkLimitMs, docs/guest-world.md)',
    );
  }
}
