import { formatMs } from '../../format.js';
import type { RealWork } from './real-work.js';
import type { VirtualTimeSource } from './virtual-clock.js';

// Taken when this module loads, before any world is lent: the drain turns the real event loop.
const realSetImmediate = globalThis.setImmediate; // allow-nondeterminism: the real one, kept to drain the turn before the world lends the virtual one

/** Real turns in one drain before it stops: an app that queues real immediates without end at one instant. */
const maxTurnsPerDrain = 10_000;

/** The app started real I/O: its completion would come at a real time, so the run could not repeat. */
export class RealIoError extends Error {
  override readonly name = 'RealIoError';
}

/**
 * Lets an app's work that is pending at the current virtual time run: a turn of the real event loop (a real
 * `setImmediate`), by which every promise continuation and `process.nextTick` queued so far has run, and the
 * continuations they queued, to the end of the chain. Repeated while the app queued real immediates (code that
 * took `setImmediate` before the world was lent); a virtual one is an event of its own.
 *
 * "Nothing more is pending at this instant" is, observably: the microtask and nextTick queues are empty, no
 * real immediate is queued beyond those there were when the world was lent, and no real I/O is pending. Work
 * that waits on a virtual timer is pending at a later virtual time, as an event. Work that waits on real
 * I/O has no virtual time at all: the drain fails the run with a `RealIoError` rather than let a real
 * completion land at whatever virtual time the loop happens to be at.
 */
export class Drain {
  readonly #realWork: RealWork;
  readonly #time: VirtualTimeSource;

  constructor(realWork: RealWork, time: VirtualTimeSource) {
    this.#realWork = realWork;
    this.#time = time;
  }

  async settle(): Promise<void> {
    for (let turn = 1; ; turn++) {
      await new Promise<void>((resolve) => realSetImmediate(resolve));
      const extra = this.#realWork.beyondBaseline();
      if (extra.size === 0) return;
      const io = this.#realWork.io(extra);
      if (io.length > 0) {
        throw new RealIoError(
          `the app started real I/O at ${formatMs(this.#time.nowUs)} ms (virtual): ${io.join(', ')}. Its completion comes at a real time, ` +
            'which no virtual clock can repeat: give the app in-memory stand-ins for its sockets, files and databases (docs/guest-world.md)',
        );
      }
      if (this.#realWork.immediates(extra) === 0) return;
      if (turn === maxTurnsPerDrain) {
        throw new Error(`the app kept queueing real setImmediate callbacks at ${formatMs(this.#time.nowUs)} ms (virtual), ${maxTurnsPerDrain} turns of the event loop in one instant; is something looping?`);
      }
    }
  }
}
