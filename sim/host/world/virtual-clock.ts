import { createClock } from '@sinonjs/fake-timers';

/** What the clocks read: the simulator's virtual time (`Simulation` is one). */
export interface VirtualTimeSource {
  readonly nowUs: number;
}

type Hrtime = ((previous?: readonly [number, number]) => [number, number]) & { bigint(): bigint };

/**
 * Every clock an app reads, from the simulator's virtual time: the wall clock (`Date`) at `epochMs` plus the
 * virtual time, and the monotonic ones (`performance.now`, `process.hrtime`, `process.uptime`) counting from
 * the start of the run, to the microsecond, as the simulator counts.
 *
 * `Date` is @sinonjs/fake-timers' fake Date, the part of it that is hard to get right (callable without
 * `new`, every constructor form, the statics, `instanceof` against the real one), made to read virtual time
 * directly: its clock's `now` is a getter, so it never needs ticking. Its timers are not used (see
 * `VirtualTimers`), and the monotonic clocks are ours, because its own keep sub-millisecond time in a counter
 * only `tick` moves.
 */
export class VirtualClock {
  readonly Date: DateConstructor;
  readonly epochMs: number;
  readonly #time: VirtualTimeSource;

  constructor(time: VirtualTimeSource, epochMs: number) {
    this.#time = time;
    this.epochMs = epochMs;
    const clock = createClock(epochMs);
    Object.defineProperty(clock, 'now', { get: () => this.nowMs(), set: () => undefined, configurable: true });
    this.Date = clock.Date;
  }

  /** Wall-clock milliseconds, whole as `Date.now()` gives them. */
  nowMs(): number {
    return this.epochMs + Math.floor(this.#time.nowUs / 1000);
  }

  readonly performanceNow = (): number => this.#time.nowUs / 1000;

  readonly uptime = (): number => this.#time.nowUs / 1e6;

  readonly hrtime: Hrtime = Object.assign(
    (previous?: readonly [number, number]): [number, number] => {
      const us = this.#time.nowUs;
      const seconds = Math.floor(us / 1e6);
      const nanos = (us % 1e6) * 1000;
      if (previous === undefined) return [seconds, nanos];
      const diffNanos = nanos - previous[1];
      return diffNanos < 0 ? [seconds - previous[0] - 1, diffNanos + 1e9] : [seconds - previous[0], diffNanos];
    },
    { bigint: (): bigint => BigInt(this.#time.nowUs) * 1000n },
  );
}
