import { Buffer } from 'node:buffer';
import type { Rng } from '../../rng.js';

/** The most `getRandomValues` fills at once, by the Web Crypto spec. */
const maxRandomValuesBytes = 65_536;

/** Integer typed arrays: what `getRandomValues` accepts. */
const integerArrays = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, BigInt64Array, BigUint64Array];

/**
 * The random sources an app reads, drawn from one seeded stream (`guest`) in the order the app asks:
 * `Math.random`, `crypto.randomUUID`, `crypto.getRandomValues` and `crypto.randomBytes`. They check their
 * arguments as the real ones do, because apps rely on the errors too.
 */
export class SeededRandom {
  readonly #rng: Rng;

  constructor(rng: Rng) {
    this.#rng = rng;
  }

  readonly random = (): number => this.#rng.float();

  readonly randomUUID = (): `${string}-${string}-${string}-${string}-${string}` => this.#rng.uuid() as `${string}-${string}-${string}-${string}-${string}`;

  readonly getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
    if (array === null || !integerArrays.some((kind) => array instanceof kind)) {
      throw new DOMException('The data argument must be an integer-type TypedArray', 'TypeMismatchError');
    }
    if (array.byteLength > maxRandomValuesBytes) {
      throw new DOMException(`The ArrayBufferView's byte length (${array.byteLength}) exceeds the number of bytes of entropy available via this API (${maxRandomValuesBytes})`, 'QuotaExceededError');
    }
    this.#rng.fill(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    return array;
  };

  /** Drawn when called; with a callback, handed over on the next tick, as the real one answers later. */
  readonly randomBytes = (size: number, callback?: (error: Error | null, bytes: Buffer) => void): Buffer | undefined => {
    if (typeof size !== 'number') throw new TypeError(`The "size" argument must be of type number. Received ${typeof size}`);
    if (!Number.isInteger(size) || size < 0 || size > 2 ** 31 - 1) throw new RangeError(`The value of "size" is out of range. It must be >= 0 && <= ${2 ** 31 - 1}. Received ${size}`);
    const bytes = Buffer.alloc(size);
    this.#rng.fill(bytes);
    if (callback === undefined) return bytes;
    process.nextTick(callback, null, bytes);
    return undefined;
  };
}
