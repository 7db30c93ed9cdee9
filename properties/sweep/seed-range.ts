/** The seeds a sweep runs: every whole number from `first` to `last`, both included. */
export interface SeedRange {
  readonly first: number;
  readonly last: number;
}

export class SeedRangeError extends Error {}

/** The largest seed: what `npm run sim -- --seed` takes (15 digits), and exact as a JavaScript number. */
const maxSeed = 999_999_999_999_999;

/** `1-100000`, or one seed: `66`. */
export function parseSeedRange(text: string): SeedRange {
  const match = /^(\d{1,15})(?:-(\d{1,15}))?$/.exec(text.trim());
  if (match === null) throw new SeedRangeError(`--seeds takes a range like 1-100000 (or one seed, like 66), got "${text}"`);
  const first = Number(match[1]);
  const last = match[2] === undefined ? first : Number(match[2]);
  if (last < first) throw new SeedRangeError(`--seeds ${text}: the range ends before it starts; write it low-high, like ${last}-${first}`);
  if (last > maxSeed) throw new SeedRangeError(`--seeds ${text}: a seed has at most 15 digits`);
  return { first, last };
}

export function seedCount(range: SeedRange): number {
  return range.last - range.first + 1;
}

export function rangeText(range: SeedRange): string {
  return range.first === range.last ? String(range.first) : `${range.first}-${range.last}`;
}

/** Shard `index` of `count` (from 1), as `--shard 2/4` names it. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

export function parseShard(text: string): Shard {
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count) {
    throw new SeedRangeError(`--shard takes i/n with 1 ≤ i ≤ n, like 2/4 (the second of four machines), got "${text}"`);
  }
  return { index, count };
}

/**
 * The part of the range that shard i of n runs: the i-th of n contiguous blocks, the first blocks one seed
 * longer when n does not divide the range. Contiguous, so that each machine's report reads as a range and
 * `--until-first-failure` on a shard means the first in its block; disjoint and covering, so that the shards'
 * outputs merged are the whole sweep (`properties/sweep/merge.ts`). Empty (undefined) when there are more
 * shards than seeds.
 */
export function shardRange(range: SeedRange, shard: Shard): SeedRange | undefined {
  const total = seedCount(range);
  const base = Math.floor(total / shard.count);
  const longer = total % shard.count;
  const before = (shard.index - 1) * base + Math.min(shard.index - 1, longer);
  const size = base + (shard.index <= longer ? 1 : 0);
  return size === 0 ? undefined : { first: range.first + before, last: range.first + before + size - 1 };
}
