import { describe, expect, it } from 'vitest';
import { RngStreams } from './rng.js';

const draw = (streams: RngStreams, name: Parameters<RngStreams['stream']>[0], n = 20) =>
  Array.from({ length: n }, () => streams.stream(name).int(0, 1_000_000));

describe('RngStreams', () => {
  it('gives the same sequence for the same seed and stream', () => {
    expect(draw(new RngStreams(42), 'workload')).toEqual(draw(new RngStreams(42), 'workload'));
  });

  it('gives different sequences for different seeds and for different streams', () => {
    expect(draw(new RngStreams(42), 'workload')).not.toEqual(draw(new RngStreams(43), 'workload'));
    expect(draw(new RngStreams(42), 'workload')).not.toEqual(draw(new RngStreams(42), 'keys'));
  });

  it('keeps streams independent: drawing from one does not shift another', () => {
    const a = new RngStreams(9);
    const b = new RngStreams(9);
    draw(a, 'link:wan:client', 1_000); // a heavy user of one stream...
    expect(draw(a, 'client:alice')).toEqual(draw(b, 'client:alice')); // ...leaves the others as they were
  });

  it('draws integers within bounds, floats in [0, 1), and honours certainty without drawing', () => {
    const rng = new RngStreams(1).stream('workload');
    for (let i = 0; i < 1_000; i++) {
      const n = rng.int(-3, 3);
      expect(n >= -3 && n <= 3 && Number.isInteger(n)).toBe(true);
      const f = rng.float();
      expect(f >= 0 && f < 1).toBe(true);
    }
    const untouched = new RngStreams(1).stream('keys');
    const witness = new RngStreams(1).stream('keys');
    expect(untouched.chance(0)).toBe(false);
    expect(untouched.chance(1)).toBe(true);
    expect(untouched.int(0, 1e9)).toBe(witness.int(0, 1e9));
  });

  it('makes RFC 9562 version 4 UUIDs, distinct and reproducible', () => {
    const keys = new RngStreams(5).stream('keys');
    const uuids = Array.from({ length: 500 }, () => keys.uuid());
    for (const u of uuids) expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(uuids).size).toBe(500);
    expect(new RngStreams(5).stream('keys').uuid()).toBe(uuids[0]);
  });

  it('fills bytes reproducibly, every byte drawn, the last word cut short', () => {
    const fill = (n: number, seed = 3) => {
      const bytes = new Uint8Array(n);
      new RngStreams(seed).stream('guest').fill(bytes);
      return [...bytes];
    };
    expect(fill(7)).toEqual(fill(7));
    expect(fill(7)).not.toEqual(fill(7, 4));
    expect(fill(7).slice(0, 4)).toEqual(fill(4)); // one word makes four bytes, in order
    const many = fill(4_096);
    expect(new Set(many).size).toBe(256); // every byte value turns up: no lane of the word is stuck
  });

  it('refuses a seed that is not a non-negative integer', () => {
    expect(() => new RngStreams(-1)).toThrow(RangeError);
    expect(() => new RngStreams(1.5)).toThrow(RangeError);
  });
});
