import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { type HostileSchedule, hostileSchedule, hostileSeed, type HostileVariant, type HostileWorkload, hostileWorkload, hostileWorld, soundWorld } from './hostile-world.js';
import { replayable } from './replay.js';

/**
 * The hostile world, a white-box check (why it needs the inside: `hostile-world.ts`): under loss,
 * duplication, reordering, delay spikes, partitions, held messages and origin crashes at any point of a
 * request, the keyed client is linearizable at the origin, every POST takes effect at most once (exactly once
 * when told), and the cache lets every client read its own writes. The statement in full, the arbitraries and
 * the checks are in `hostile-world.ts`.
 */

const file = 'properties/white-box/hostile-world.test.ts';
type Args = [HostileWorkload, HostileSchedule, number];

/** Runs a broken world until fast-check finds and shrinks a counterexample, and returns it. */
async function counterexample(variant: HostileVariant, seed: number, numRuns = 400, workload: fc.Arbitrary<HostileWorkload> = hostileWorkload) {
  const result = await fc.check(fc.asyncProperty(workload, hostileSchedule, hostileSeed, (o, s, n) => hostileWorld(o, s, n, variant)), { numRuns, seed });
  expect(result.failed).toBe(true);
  const [ops, schedule] = result.counterexample!;
  return { ops: ops.flat(), schedule, error: String(result.errorInstance) };
}

describe('the hostile world', () => {
  test.prop([hostileWorkload, hostileSchedule, hostileSeed], replayable<Args>(file, 80))(
    'keyed client, records committed with their effect, RFC 9111 cache: linearizable at the origin, POSTs at most once, reads see own writes',
    (o, s, n) => hostileWorld(o, s, n),
  );
});

describe('teeth: each broken world is found and shrunk to a short schedule', () => {
  test('the naive client re-sends a POST without a key: a note made twice', async () => {
    const { ops, schedule, error } = await counterexample({ ...soundWorld, policy: 'naive' }, 11);
    expect(error).toMatch(/exists [2-9] times/);
    expect(ops.filter((o) => o.kind === 'post')).toHaveLength(1);
    expect(ops.length).toBeLessThanOrEqual(2);
    expect(schedule.crashes.length + schedule.partitions.length + schedule.holds.length).toBeLessThanOrEqual(1);
  });

  test('the record written behind the effect: a crash between them, and the keyed re-send makes the note twice', async () => {
    const { ops, schedule, error } = await counterexample({ ...soundWorld, idempotencyRecord: 'write-behind' }, 12);
    expect(error).toMatch(/exists 2 times|not linearizable/);
    expect(ops.filter((o) => o.kind === 'post')).toHaveLength(1);
    expect(schedule.crashes).toEqual([expect.objectContaining({ point: 'after-effect' })]);
    expect(schedule.partitions.length + schedule.holds.length).toBe(0);
  });

  test('a cache that ignores RFC 9111 §4.4: a client reads something older than its own acknowledged write', async () => {
    const { ops, schedule, error } = await counterexample({ ...soundWorld, cache: 'no-invalidation' }, 13);
    expect(error).toMatch(/older than its own/);
    expect(ops.length).toBeLessThanOrEqual(4);
    expect(schedule.crashes.length + schedule.partitions.length + schedule.holds.length).toBe(0);
  });

  test('the safe client sends PUT and DELETE without a key: a late re-send undoes a later write, not linearizable', async () => {
    // Without POSTs: a keyless POST duplicated by the line is the naive client's failure, found above.
    const noPosts = hostileWorkload.map((w) => w.map((list) => list.filter((o) => o.kind !== 'post')).filter((list) => list.length > 0)).filter((w) => w.length > 0);
    const { ops, error } = await counterexample({ ...soundWorld, policy: 'safe' }, 14, 1_000, noPosts);
    expect(error).toMatch(/not linearizable/);
    expect(ops.length).toBeLessThanOrEqual(6);
  });
});
