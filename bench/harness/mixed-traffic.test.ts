import { describe, expect, it } from 'vitest';
import { type MixedTrafficShape, runMixedTraffic } from './mixed-traffic.js';
import { simulatedTimeBenchmarks } from './simulated-time.js';

/** Ten minutes of 6 people: every kind of request, in a fraction of a second. */
const tenMinutes: MixedTrafficShape = { clients: 6, requestsPerClient: Number.POSITIVE_INFINITY, untilUs: 600_000_000, meanThinkUs: 10_000_000, graphQueries: true };

describe('mixed traffic', () => {
  it('answers every request it starts with a 2xx, through every part of the service', async () => {
    const run = await runMixedTraffic(tenMinutes, 'off');
    expect(run.requestsStarted).toBeGreaterThan(200);
    expect([run.responses, run.successes]).toEqual([run.requestsStarted, run.requestsStarted]);
    expect(run.sim.nowUs).toBeGreaterThan(tenMinutes.untilUs - 2 * tenMinutes.meanThinkUs);
    const state = run.origin.state();
    expect(state.notes.length).toBeGreaterThan(6);
    expect(run.origin.graphStats().resolverCalls).toBeGreaterThan(0);
    expect(run.topology.cache.hits).toBeGreaterThan(0);
    expect(run.origin.alerts).toHaveLength(0);
  });

  it('is the same run every time for a seed, and another for another seed', async () => {
    const [a, b, c] = await Promise.all([runMixedTraffic(tenMinutes, 'hash'), runMixedTraffic(tenMinutes, 'hash'), runMixedTraffic(tenMinutes, 'hash', undefined, 2)]);
    expect(a.trace.digest()).toBe(b.trace.digest());
    expect(c.trace.digest()).not.toBe(a.trace.digest());
  });

  it('without graph queries sends none', async () => {
    const run = await runMixedTraffic({ ...tenMinutes, graphQueries: false }, 'off');
    expect(run.origin.graphStats().resolverCalls).toBe(0);
    expect(run.successes).toBe(run.requestsStarted);
  });

  it('the simulated-time variants do their full work and count simulated seconds', async () => {
    const definitions = simulatedTimeBenchmarks(tenMinutes);
    expect(definitions.map((d) => [d.variant, d.isReference, d.unitsPerIteration])).toEqual([
      ['mixed hour trace off', true, 600],
      ['mixed hour trace full bounded', false, 600],
    ]);
    for (const definition of definitions) await definition.run();
  });
});
