import { describe, expect, it } from 'vitest';
import { parseSeedRange, parseShard, SeedRangeError, seedCount, shardRange } from './seed-range.js';

describe('seed ranges', () => {
  it('reads low-high and one seed', () => {
    expect(parseSeedRange('1-100000')).toEqual({ first: 1, last: 100_000 });
    expect(parseSeedRange('66')).toEqual({ first: 66, last: 66 });
  });

  it('refuses what is not a range, saying what to write', () => {
    expect(() => parseSeedRange('1..10')).toThrow(/like 1-100000/);
    expect(() => parseSeedRange('10-1')).toThrow(/low-high, like 1-10/);
    expect(() => parseSeedRange('-5')).toThrow(SeedRangeError);
  });
});

describe('shards', () => {
  it('splits a range into disjoint contiguous blocks that cover it, for any count', () => {
    for (const [first, last] of [[1, 2000], [1, 7], [5, 5], [10, 13]] as const) {
      for (let count = 1; count <= 9; count++) {
        const seeds: number[] = [];
        for (let index = 1; index <= count; index++) {
          const part = shardRange({ first, last }, { index, count });
          if (part === undefined) continue;
          for (let s = part.first; s <= part.last; s++) seeds.push(s);
        }
        expect(seeds).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
      }
    }
  });

  it('gives the blocks sizes that differ by at most one', () => {
    const sizes = [1, 2, 3].map((index) => seedCount(shardRange({ first: 1, last: 2000 }, { index, count: 3 })!));
    expect(sizes).toEqual([667, 667, 666]);
  });

  it('reads i/n and refuses a shard outside its count', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(() => parseShard('5/4')).toThrow(/1 ≤ i ≤ n/);
    expect(() => parseShard('0/4')).toThrow(SeedRangeError);
  });
});
