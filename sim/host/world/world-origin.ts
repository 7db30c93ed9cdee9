import type { OriginProcess } from '../../nodes/origin-process.js';
import type { Rng } from '../../rng.js';
import type { GuestOrigin, GuestVisit } from '../../scenario/guest-origin.js';
import type { Simulation } from '../../simulation.js';
import { World } from './world.js';

// Taken before any world is lent: the watchdog on an app's start is real time on purpose.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** How long, in real time, an app's factory may take: it may read files or import modules, but not wait forever. */
const startLimitMs = 10_000;

/** How long, in real time, the I/O an app's start began may take to end before the run begins regardless. */
const startIoLimitMs = 2_000;

/** A guest's app: how to build a fresh one, and how to ask it for its state at the end. */
export interface GuestApp<P extends OriginProcess = OriginProcess> {
  /**
   * Builds a fresh app. Called once per run, inside the virtual world, so that what the app reads while it
   * starts (a `Date.now()` at construction, a random secret) is virtual and seeded too, and nothing is left
   * over from another run. Whatever a module holds at its top level is not fresh unless the factory imports
   * it fresh.
   */
  readonly app: () => P | Promise<P>;
  /** What the run's result shows as the app's state; asked at the end, still inside the world. */
  readonly state?: ((app: P) => unknown) | undefined;
  /**
   * After a crash, a new app on the storage the crashed `app` kept, as a service restarts on its database.
   * Called inside the world, at the virtual time the process comes back; without it, crashes are refused.
   */
  readonly restart?: ((app: P) => P | Promise<P>) | undefined;
  /** How long, in real time, one instant may wait for the app's real work (`WorldOptions.realWorkLimitMs`). */
  readonly realWorkLimitMs?: number | undefined;
  /** The npm packages whose native addon the app may load (`WorldOptions.allowNativeAddons`). */
  readonly allowNativeAddons?: readonly string[] | undefined;
}

/** A guest's app as the origin of runs: each run lends a new `World` and builds a new app in it. */
export function worldOrigin<P extends OriginProcess>(guest: GuestApp<P>): GuestOrigin {
  const restartApp = guest.restart;
  return {
    restartable: restartApp !== undefined,
    async enter(sim: Simulation, rng: Rng): Promise<GuestVisit> {
      const world = World.lend(sim, rng, { realWorkLimitMs: guest.realWorkLimitMs, allowNativeAddons: guest.allowNativeAddons });
      try {
        const app = await started(guest.app, world, 'factory');
        await world.finishStart(startIoLimitMs);
        // The app serving now: a restart replaces it, and the state asked at the end is the last one's.
        let serving = app;
        const restart = restartApp === undefined ? undefined : async (): Promise<P> => {
          const old = serving;
          world.timers.begin();
          serving = await started(() => restartApp(old), world, 'restart');
          return serving;
        };
        return {
          process: app,
          restart,
          // Whatever `restart` returns, the same app object included, the timers set before the crash are gone.
          crashed: () => {
            world.timers.end();
          },
          settle: () => world.settle(),
          state: () => guest.state?.(serving),
          realWork: () => world.realWork(),
          notVirtual: () => world.notVirtual(),
          output: () => world.output.log(),
          leave: () => {
            world.restore();
          },
        };
      } catch (error) {
        world.restore();
        throw error;
      }
    },
  };
}

/**
 * The factory's app, once it has one. An app starts at virtual time 0 and its timers run only once the
 * scenario does, so a factory that waits on one of its own timers would never finish: a real-time watchdog
 * says so instead of hanging. A restart runs inside an event of the run, which waits for it, so the same holds.
 */
async function started<P>(factory: () => P | Promise<P>, world: World, what: 'factory' | 'restart'): Promise<P> {
  const building = factory();
  if (!(building instanceof Promise)) return building;
  let watchdog: ReturnType<typeof realSetTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    watchdog = realSetTimeout(() => {
      const pending = world.timers.pending;
      reject(new Error(
        `the app's ${what} did not finish within ${startLimitMs / 1000} s of real time. An app's own timers do not run while it ${what === 'factory' ? 'starts' : 'restarts'} ` +
          `(${pending} pending now), so a ${what} that waits on one never finishes: start the app without waiting on its timers`,
      ));
    }, startLimitMs);
  });
  try {
    return await Promise.race([building, stalled]);
  } finally {
    realClearTimeout(watchdog);
  }
}
