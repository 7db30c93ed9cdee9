import type { ScheduledEvent } from '../../event-queue.js';
import { formatMs } from '../../format.js';
import type { Simulation } from '../../simulation.js';

/** What the timers need of the simulator: its clock and its background lane. */
export type TimerLane = Pick<Simulation, 'nowUs' | 'scheduleBackground' | 'cancel'>;

type Callback = (...args: unknown[]) => unknown;
type TimerKind = 'setTimeout' | 'setInterval' | 'setImmediate';

/** The clears of the real world, for a handle that is not one of ours (a timer set before the world was lent). */
export interface RealClears {
  readonly clearTimeout: (handle: unknown) => void;
  readonly clearInterval: (handle: unknown) => void;
  readonly clearImmediate: (handle: unknown) => void;
}

/** A callback of the app's threw: in Node, an uncaught exception that ends the process; here, the run. */
export class TimerCallbackError extends Error {
  override readonly name = 'TimerCallbackError';
}

interface TimerState {
  readonly kind: TimerKind;
  readonly id: number;
  readonly callback: Callback;
  readonly args: unknown[];
  readonly delayUs: number;
  /** The handle the app holds: the callback's `this`, as in Node. */
  handle: object;
  /** Its event in the background lane, while it waits to fire. */
  event: ScheduledEvent | undefined;
  setAtUs: number;
  cleared: boolean;
  refed: boolean;
}

/** Whether the timer has an event in the lane; a function, as its callback may have changed that. */
function waiting(state: TimerState): boolean {
  return state.event !== undefined;
}

/** Node's own limit: a delay above it, below 1 ms, or not a number counts as 1 ms. */
const timeoutMaxMs = 2 ** 31 - 1;

/** A delay in ms as Node reads it, to the microsecond of virtual time. */
export function delayUsOf(delayMs: unknown): number {
  const ms = Number(delayMs);
  return Math.round((ms >= 1 && ms <= timeoutMaxMs ? ms : 1) * 1000);
}

/**
 * An app's timers as events of the simulator's background lane (`Simulation.scheduleBackground`): a timer
 * set at t for 15 ms is an event at t + 15 ms, a clear cancels it, an interval's next event is scheduled when
 * its callback has run, as Node does. `setImmediate` is an event at the current virtual instant, after those
 * already queued there: an ordering, not a wait, in the simulator's one order. The handles look like Node's
 * (`ref`, `unref`, `hasRef`, `refresh`, `close`, a number as primitive), since apps call them.
 *
 * Ids start far above Node's own async ids, so a number given to a clear is never taken for a real timer's.
 */
export class VirtualTimers {
  readonly #lane: TimerLane;
  readonly #real: RealClears;
  readonly #byId = new Map<number, TimerState>();
  readonly #byHandle = new WeakMap<object, TimerState>();
  #lastId = 1e12;
  /** From a crash until the next process starts: a timer set then is the dead process's, and never fires. */
  #ended = false;

  constructor(lane: TimerLane, real: RealClears) {
    this.#lane = lane;
    this.#real = real;
  }

  /** Timers set and not yet fired (a timeout or immediate) or cleared. */
  get pending(): number {
    return this.#byId.size;
  }

  readonly setTimeout = (callback: Callback, delay?: unknown, ...args: unknown[]): VirtualTimeout =>
    this.#start('setTimeout', callback, delayUsOf(delay), args) as VirtualTimeout;

  readonly setInterval = (callback: Callback, delay?: unknown, ...args: unknown[]): VirtualTimeout =>
    this.#start('setInterval', callback, delayUsOf(delay), args) as VirtualTimeout;

  readonly setImmediate = (callback: Callback, ...args: unknown[]): VirtualImmediate =>
    this.#start('setImmediate', callback, 0, args) as VirtualImmediate;

  readonly clearTimeout = (handle: unknown): void => this.#clear(handle, this.#real.clearTimeout);
  readonly clearInterval = (handle: unknown): void => this.#clear(handle, this.#real.clearInterval);
  readonly clearImmediate = (handle: unknown): void => this.#clear(handle, this.#real.clearImmediate);

  /**
   * The app's process died in a crash (`GuestVisit.crashed`): its timers die with it, as a real process's
   * do. Every pending one is dropped, and one set until `begin` (by a promise chain of the dead app that
   * still runs to its end in the world) is dropped as it is set: a crashed app's flush must not write.
   */
  end(): void {
    this.#ended = true;
    for (const state of this.#byId.values()) this.#drop(state);
    this.#byId.clear();
  }

  /** A new process starts on the storage the crashed one left: the timers it sets are its own, and fire. */
  begin(): void {
    this.#ended = false;
  }

  /** Starts the timer again from now, with its delay; also one that has fired, as Node's `refresh` does. */
  refresh(state: TimerState): void {
    if (state.cleared) return;
    if (state.event !== undefined) this.#lane.cancel(state.event);
    this.#byId.set(state.id, state);
    this.#schedule(state);
  }

  #start(kind: TimerKind, callback: Callback, delayUs: number, args: unknown[]): object {
    if (typeof callback !== 'function') {
      throw new TypeError(`The "callback" argument must be of type function. Received ${typeof callback}`);
    }
    const state: TimerState = { kind, id: ++this.#lastId, callback, args, delayUs, handle: {}, event: undefined, setAtUs: 0, cleared: this.#ended, refed: true };
    state.handle = kind === 'setImmediate' ? new VirtualImmediate(state) : new VirtualTimeout(this, state);
    this.#byHandle.set(state.handle, state);
    if (state.cleared) return state.handle;
    this.#byId.set(state.id, state);
    this.#schedule(state);
    return state.handle;
  }

  #schedule(state: TimerState): void {
    state.setAtUs = this.#lane.nowUs;
    state.event = this.#lane.scheduleBackground(state.delayUs, () => {
      this.#fire(state);
    });
  }

  #fire(state: TimerState): void {
    state.event = undefined;
    if (state.kind !== 'setInterval') this.#byId.delete(state.id);
    try {
      state.callback.apply(state.handle, state.args);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const what = state.kind === 'setImmediate' ? 'setImmediate' : `${state.kind} of ${formatMs(state.delayUs)} ms`;
      throw new TimerCallbackError(
        `the app's ${what} callback, set at ${formatMs(state.setAtUs)} ms, threw at ${formatMs(this.#lane.nowUs)} ms (virtual): ${why}`,
        { cause: error },
      );
    }
    // Cleared, or refreshed, by its own callback: nothing more to schedule.
    if (state.kind === 'setInterval' && !state.cleared && !waiting(state)) this.#schedule(state);
  }

  #clear(handle: unknown, realClear: (handle: unknown) => void): void {
    const state = this.#stateOf(handle);
    if (state === undefined) {
      realClear(handle);
      return;
    }
    // As in Node, a timeout's clear works on an interval and the other way round, but not on an immediate.
    if ((state.kind === 'setImmediate') !== (realClear === this.#real.clearImmediate)) return;
    this.#byId.delete(state.id);
    this.#drop(state);
  }

  #drop(state: TimerState): void {
    state.cleared = true;
    if (state.event !== undefined) this.#lane.cancel(state.event);
    state.event = undefined;
  }

  #stateOf(handle: unknown): TimerState | undefined {
    if (typeof handle === 'object' && handle !== null) return this.#byHandle.get(handle);
    if (typeof handle === 'number' || typeof handle === 'string') return this.#byId.get(Number(handle));
    return undefined;
  }
}

/** What Node's `Timeout` and `Immediate` share: `ref`, `unref`, `hasRef`. */
class RefHandle {
  // Private, as before: an app that looks at its handle's own keys sees none of ours.
  readonly #state: TimerState;

  constructor(state: TimerState) {
    this.#state = state;
  }

  protected get timerState(): TimerState {
    return this.#state;
  }

  ref(): this {
    this.#state.refed = true;
    return this;
  }

  /** Bookkeeping only: an app's timer never keeps a run alive by itself (see `GuestLoop`). */
  unref(): this {
    this.#state.refed = false;
    return this;
  }

  hasRef(): boolean {
    return this.#state.refed;
  }
}

/** What `setTimeout` and `setInterval` return: Node's `Timeout`, as far as apps use it. */
export class VirtualTimeout extends RefHandle {
  readonly #timers: VirtualTimers;

  constructor(timers: VirtualTimers, state: TimerState) {
    super(state);
    this.#timers = timers;
  }

  refresh(): this {
    this.#timers.refresh(this.timerState);
    return this;
  }

  close(): this {
    this.#timers.clearTimeout(this);
    return this;
  }

  [Symbol.toPrimitive](): number {
    return this.timerState.id;
  }

  [Symbol.dispose](): void {
    this.#timers.clearTimeout(this);
  }
}

/** What `setImmediate` returns: Node's `Immediate`, which has no id. */
export class VirtualImmediate extends RefHandle {}
