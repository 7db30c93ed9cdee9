import type { VirtualTimers } from './virtual-timers.js';

interface TimerOptions {
  readonly signal?: AbortSignal | undefined;
  readonly ref?: boolean | undefined;
}

/** Node's `AbortError`, as `node:timers/promises` rejects with it. */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error('The operation was aborted', { cause: signal.reason }), { name: 'AbortError', code: 'ABORT_ERR' });
}

/** `node:timers/promises` on the virtual timers; `util.promisify(setTimeout)` and `util.promisify(setImmediate)` give these too, as in Node. */
export class TimerPromises {
  readonly #timers: VirtualTimers;

  constructor(timers: VirtualTimers) {
    this.#timers = timers;
  }

  readonly setTimeout = <T = void>(delay?: unknown, value?: T, options: TimerOptions = {}): Promise<T> =>
    this.#after((done) => this.#timers.setTimeout(done, delay), (handle) => this.#timers.clearTimeout(handle), value as T, options.signal);

  readonly setImmediate = <T = void>(value?: T, options: TimerOptions = {}): Promise<T> =>
    this.#after((done) => this.#timers.setImmediate(done), (handle) => this.#timers.clearImmediate(handle), value as T, options.signal);

  /** An async iterator that yields `value` at each tick, as Node's does, and stops its interval when left. */
  readonly setInterval = <T = void>(delay?: unknown, value?: T, options: TimerOptions = {}): AsyncGenerator<T> => intervals(this.#timers, delay, value as T, options.signal);

  /** `scheduler.wait` and `scheduler.yield` of `node:timers/promises`. */
  readonly scheduler = {
    wait: (delay: number, options?: TimerOptions): Promise<void> => this.setTimeout(delay, undefined, options),
    yield: (): Promise<void> => this.setImmediate(),
  };

  #after<T>(start: (done: () => void) => object, clear: (handle: object) => void, value: T, signal: AbortSignal | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted === true) {
        reject(abortError(signal));
        return;
      }
      const onAbort = (): void => {
        clear(handle);
        if (signal !== undefined) reject(abortError(signal));
      };
      const handle = start(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

async function* intervals<T>(timers: VirtualTimers, delay: unknown, value: T, signal: AbortSignal | undefined): AsyncGenerator<T> {
  let ticks = 0;
  let wake: (() => void) | undefined;
  const handle = timers.setInterval(() => {
    ticks++;
    wake?.();
  }, delay);
  const onAbort = (): void => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted === true) throw abortError(signal);
      if (ticks === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      ticks--;
      yield value;
    }
  } finally {
    timers.clearInterval(handle);
    signal?.removeEventListener('abort', onAbort);
  }
}
