import { createHash } from 'node:crypto';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** A seeded random source for one component. Mutable: each draw advances it. */
export class Rng {
  readonly #gen: RandomGenerator;

  constructor(gen: RandomGenerator) {
    this.#gen = gen;
  }

  /** Uniform integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.#gen, from, to);
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return uniformFloat64(this.#gen);
  }

  /** True with probability p; draws nothing when p is 0 or 1, so a disabled fault shifts no stream. */
  chance(p: number): boolean {
    if (p <= 0) return false;
    if (p >= 1) return true;
    return uniformFloat64(this.#gen) < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  /** Fills `bytes` from this stream, four bytes a draw (a guest's `crypto.getRandomValues`). */
  fill(bytes: Uint8Array): void {
    let word = 0;
    for (let i = 0; i < bytes.length; i++) {
      if ((i & 3) === 0) word = this.#gen.next() >>> 0;
      bytes[i] = word & 0xff;
      word >>>= 8;
    }
  }

  /** An RFC 9562 version 4 UUID from this stream (for Idempotency-Key and the like). */
  uuid(): string {
    const hex: string[] = [];
    for (let i = 0; i < 4; i++) hex.push((this.#gen.next() >>> 0).toString(16).padStart(8, '0'));
    const h = hex.join('');
    const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/**
 * The named streams of one run. Each stream's state is derived from (run seed, stream name) by SHA-256,
 * not by drawing from a parent generator, so adding a stream or drawing more from one leaves every other
 * stream's sequence unchanged.
 */
export class RngStreams {
  readonly seed: number;
  readonly #streams = new Map<string, Rng>();

  constructor(seed: number) {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a non-negative integer, got ${seed}`);
    this.seed = seed;
  }

  /** The same name always returns the same stream object for this run. */
  stream(name: StreamName): Rng {
    let rng = this.#streams.get(name);
    if (rng === undefined) {
      rng = new Rng(deriveGenerator(this.seed, name));
      this.#streams.set(name, rng);
    }
    return rng;
  }
}

/**
 * The components that draw randomness; a link or client adds its own name after the colon. `guest` is what a
 * guest's app draws (its random numbers, UUIDs and bytes, lent to it by sim/host/world/), apart, so that adding
 * one shifts nothing else.
 */
export type StreamName = 'workload' | 'keys' | 'origin' | 'guest' | `link:${string}` | `client:${string}`;

function deriveGenerator(seed: number, name: string): RandomGenerator {
  const digest = createHash('sha256').update(`apisim/${seed}/${name}`).digest();
  const state = [digest.readInt32LE(0), digest.readInt32LE(4), digest.readInt32LE(8), digest.readInt32LE(12)];
  // xoroshiro128+ must not start from the all-zero state; SHA-256 makes that astronomically unlikely.
  const allZero = state[0] === 0 && state[1] === 0 && state[2] === 0 && state[3] === 0;
  return xoroshiro128plusFromState(allZero ? [1, 0, 0, 0] : state);
}
