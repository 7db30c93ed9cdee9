import { andThen, type Maybe } from '../../src/http/handler.js';
import { checkCrash, type OriginCrash } from '../faults/origin-crash.js';
import type { OriginProcess } from './origin-process.js';

/**
 * The crashes a run schedules, and how to start the process again on the storage the crashed one left. A
 * guest's app may take a promise to restart (`restart(app)` of its module): the origin stays down until it
 * settles.
 */
export interface OriginRestarts<P extends OriginProcess = OriginProcess> {
  readonly crashes: readonly OriginCrash[];
  restart(): P | Promise<P>;
  /** What else dies with the process: a guest's world drops the timers the crashed app had set. */
  crashed?(): void;
}

export type RequestCrash = Extract<OriginCrash, { request: number }>;
export type TimedCrash = Extract<OriginCrash, { atUs: number }>;

/**
 * The origin process's lives: the process serving now, and its crashes and restarts. A crash ends a life;
 * the process is down until a new one starts on the storage the crashed one left, and work begun in an
 * earlier life is lost. Without `OriginRestarts` there is one life, and it never ends.
 */
export class OriginLife<P extends OriginProcess> {
  #process: P;
  /** Moves on at every crash: work begun by an earlier life of the process is lost. */
  #current = 0;
  #down = false;
  #crashes = 0;
  /** Crashes by the number of the request they fall in. */
  readonly #crashAtRequest = new Map<number, RequestCrash>();
  /** Crashes at a virtual time, in the order the run gave them, for the node to schedule. */
  readonly timedCrashes: readonly TimedCrash[];
  readonly #restart: (() => P | Promise<P>) | undefined;
  readonly #crashed: () => void;

  constructor(process: P, restarts: OriginRestarts<P> | undefined) {
    this.#process = process;
    this.#restart = restarts === undefined ? undefined : () => restarts.restart();
    this.#crashed = () => restarts?.crashed?.();
    const timed: TimedCrash[] = [];
    for (const crash of restarts?.crashes ?? []) {
      checkCrash(crash);
      if ('request' in crash) this.#crashAtRequest.set(crash.request, crash);
      else timed.push(crash);
    }
    this.timedCrashes = timed;
  }

  /** The process now serving: a new one after every restart. */
  get process(): P {
    return this.#process;
  }

  /** The life now running; a piece of work begun in it is lost if this has moved on when it ends. */
  get current(): number {
    return this.#current;
  }

  get down(): boolean {
    return this.#down;
  }

  /** Crashes so far. */
  get crashes(): number {
    return this.#crashes;
  }

  /** The crash that falls in the `request`-th request the origin handles, if any. */
  crashAt(request: number): RequestCrash | undefined {
    return this.#crashAtRequest.get(request);
  }

  /** Ends the current life, unless the process is down already or cannot restart; true when it did. */
  end(): boolean {
    if (this.#down || this.#restart === undefined) return false;
    this.#crashes++;
    this.#current++;
    this.#down = true;
    this.#process.halt?.();
    this.#crashed();
    return true;
  }

  /** A new process starts on the same storage; apisim's own starts at once, so no promise is made for it. */
  restart(): Maybe<void> {
    if (this.#restart === undefined) throw new Error('the origin has no way to restart');
    return andThen(this.#restart(), (process) => {
      this.#process = process;
      this.#down = false;
    });
  }
}
