import type { OriginProcess } from '../nodes/origin-process.js';
import type { Rng } from '../rng.js';
import type { Simulation } from '../simulation.js';

/**
 * An app apisim did not write, as the origin of a run. `sim/` says what a run needs of it; `sim/host/world/`
 * makes one, because lending an app virtual time and seeded randomness takes the real clock's globals.
 */
export interface GuestOrigin {
  /**
   * Whether a crash can restart the app (its module exports `restart(app)`): a scenario with `crashes` is
   * refused without it, before any app is built.
   */
  readonly restartable: boolean;
  /**
   * Lends the app a virtual world for one run (time from `sim`, randomness from `rng`) and builds a fresh app
   * inside it, so that what it does while starting is virtual too. The world is lent until `leave`; when
   * building fails, it is given back before the error comes out.
   */
  enter(sim: Simulation, rng: Rng): Promise<GuestVisit>;
}

/** One run's stay of a guest in its virtual world. */
export interface GuestVisit {
  /** The app, built for this run. */
  readonly process: OriginProcess;
  /**
   * After a crash: a new app on the storage the serving one kept, which serves from then on (and whose state
   * `state` reports). Undefined when the app cannot restart (`GuestOrigin.restartable`).
   */
  readonly restart: (() => Promise<OriginProcess>) | undefined;
  /**
   * The serving app's process has died in a crash, before `restart`: what it had pending in the world (its
   * timers) dies with it, so that nothing it held only in memory reaches the storage afterwards.
   */
  crashed(): void;
  /**
   * Lets the app's work pending at the current virtual time run (`Guest.settle`), the real work it waits on
   * included, while the clock stands still; resolves to the kinds of real work the app started, in words
   * (`a file operation`), empty when none.
   */
  settle(): Promise<readonly string[]>;
  /** What the app says its state is, asked at the end while the world is still lent; undefined without a way to ask. */
  state(): unknown;
  /** Real work the app has started that the virtual world cannot see through (sockets, files, real timers), for error messages; empty when none. */
  realWork(): readonly string[];
  /**
   * What the app did that the world saw but cannot repeat (a call to a random source it does not seed), in
   * words, asked at the end while the world is still lent; empty when nothing.
   */
  notVirtual(): readonly string[];
  /** What the app wrote to its standard output and error so far, kept out of the process's own (`AppOutput`). */
  output(): AppOutputLog;
  /** Gives back every real clock and random source; safe to call twice. */
  leave(): void;
}

export type AppOutputStream = 'stdout' | 'stderr';

/** One line an app wrote, at the virtual time it began. */
export interface AppOutputLine {
  readonly atUs: number;
  readonly stream: AppOutputStream;
  readonly text: string;
}

/**
 * The run's log of what the app wrote: kept beside the trace, not in it, so the trace hash does not depend
 * on what an app logs (docs/decisions/simulator.md, "An app's output"). `omitted`: lines past the limit, counted.
 */
export interface AppOutputLog {
  readonly lines: readonly AppOutputLine[];
  readonly omitted: number;
}
