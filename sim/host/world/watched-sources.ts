import { createRequire } from 'node:module';
import type { Loans } from './loans.js';

const require = createRequire(import.meta.url);
const cryptoModule = require('node:crypto') as Record<string, unknown>;

/** A source the world does not make virtual, and why a run that calls it may not replay. */
interface Watched {
  readonly target: object;
  readonly key: string;
  /** How an app's author would name it. */
  readonly what: string;
  readonly why: string;
}

const unseeded = 'random values the virtual world does not seed';

// Work on libuv's thread pool (Web Crypto, pbkdf2, scrypt) is waited for like any real work (`Drain`), so
// only the random values some of it makes are not repeatable.
const watched: readonly Watched[] = [
  ...['randomInt', 'randomFillSync', 'generateKeySync', 'generateKeyPairSync', 'randomFill', 'generateKey', 'generateKeyPair'].map((key) => ({
    target: cryptoModule, key, what: `node:crypto's ${key}`, why: unseeded,
  })),
  { target: globalThis.crypto.subtle, key: 'generateKey', what: 'crypto.subtle.generateKey (Web Crypto)', why: unseeded },
  ...['mark', 'measure'].map((key) => ({ target: globalThis.performance, key, what: `performance.${key}`, why: 'reads the real clock below the lent performance.now' })),
];

/**
 * Sources of time and randomness the world leaves real, watched for the length of a run: each is lent as
 * itself behind a counter, so the app gets exactly what it would have, and the run can say afterwards what
 * it called that may make it differ from the next run of the same seed (`--check-determinism` names them).
 * Only calls through the module object, a named import or the global are seen; code that took the function
 * before the world was lent calls it unseen.
 */
export class WatchedSources {
  readonly #calls = new Map<Watched, number>();

  lendTo(loans: Loans): void {
    for (const source of watched) {
      const real = Reflect.get(source.target, source.key) as unknown;
      if (typeof real !== 'function') continue;
      const calls = this.#calls;
      loans.lend(source.target, source.key, (...args: unknown[]): unknown => {
        calls.set(source, (calls.get(source) ?? 0) + 1);
        // Web Crypto's methods check their receiver; a module function ignores it.
        return Reflect.apply(real, source.target, args) as unknown;
      });
    }
  }

  /** What the app called, in words, e.g. `node:crypto's randomInt, called 2 times: random values …`. */
  seen(): string[] {
    return [...this.#calls].map(([source, count]) => `${source.what}, called ${count} time${count === 1 ? '' : 's'}: ${source.why}`);
  }
}
