import { describe, expect, it } from 'vitest';
import { defaultSessionLifetimeUs } from '../../src/auth/sessions.js';
import { type MixedTrafficShape, runMixedTraffic } from '../harness/mixed-traffic.js';
import { runSoak, soakCsv, soakShape } from './soak.js';

/** The soak's traffic, ten clients instead of a thousand: what stays bounded there stays bounded per client. */
const clients = 10;
const noteSlotsPerClient = 4;

async function figures(requestsPerClient: number, addedNotes: MixedTrafficShape['addedNotes']) {
  const run = await runMixedTraffic({ ...soakShape, clients, requestsPerClient, addedNotes }, 'off', undefined, 1, 'fold');
  const nodes = [...run.topology.clients.values()];
  return {
    requests: run.requestsStarted,
    successes: run.successes,
    notes: run.origin.state().notes.length,
    cached: run.topology.cache.store.size,
    keptExchanges: nodes.reduce((sum, client) => sum + client.exchanges.length + client.inFlight, 0),
    pendingEvents: run.sim.pending,
    deletes: run.tally!.latencyOf('DELETE')?.count ?? 0,
  };
}

describe('the soak', () => {
  it('keeps the origin and the clients the same size however many requests they make', async () => {
    const [short, long, growing] = [await figures(50, 'deleted'), await figures(300, 'deleted'), await figures(300, 'kept')];
    for (const run of [short, long]) {
      // Every request succeeds: an added note deleted later never takes a slot's note with it.
      expect(run.successes).toBe(run.requests);
      // Each client's slots, and at most one note it added and has not deleted yet.
      expect(run.notes).toBeGreaterThanOrEqual(clients * noteSlotsPerClient);
      expect(run.notes).toBeLessThanOrEqual(clients * (noteSlotsPerClient + 1));
      expect([run.keptExchanges, run.pendingEvents]).toEqual([0, 0]);
    }
    expect(long.requests).toBe(6 * short.requests);
    expect(long.deletes).toBeGreaterThan(50);
    // The cache holds a response per URL and credential, and the URLs are the slots and the orders.
    expect(long.cached).toBeLessThanOrEqual(clients * noteSlotsPerClient + clients * 2);
    // Without the deletes, the same traffic adds a note for good every few requests.
    expect(growing.notes).toBeGreaterThan(clients * (noteSlotsPerClient + 1) + 100);
  });

  it('writes one row from a run it watched to the end', async () => {
    const lines: string[] = [];
    const row = await runSoak((line) => lines.push(line), { ...soakShape, clients: 5, requestsPerClient: 20 });
    expect([row.requests, row.exchanges, row.trace_mode, row.give_ups]).toEqual([100, 'folded', 'off', 0]);
    expect(row.events).toBeGreaterThan(row.requests);
    expect(row.peak_rss_mb).toBeGreaterThanOrEqual(row.rss_before_mb);
    expect(row.latency_p50_ms).toBeGreaterThan(100);
    expect(row.latency_max_ms).toBeGreaterThanOrEqual(row.latency_p99_ms);
    expect(soakCsv([row]).split('\n')[0]).toBe(
      'clients,requests,trace_mode,exchanges,events,virtual_ms,wall_ms,requests_per_wall_second,events_per_wall_second,rss_before_mb,peak_rss_mb,heap_after_mb,latency_p50_ms,latency_p99_ms,latency_max_ms,give_ups',
    );
  });

  it('with --keep-exchanges, keeps every exchange and reports the same latencies from them', async () => {
    const shape = { ...soakShape, clients: 5, requestsPerClient: 20 };
    const [folded, kept] = [await runSoak(() => undefined, shape), await runSoak(() => undefined, shape, 'keep')];
    expect(kept.exchanges).toBe('kept');
    const latencies = (r: typeof folded) => [r.events, r.give_ups, r.latency_p50_ms, r.latency_p99_ms, r.latency_max_ms];
    expect(latencies(kept)).toEqual(latencies(folded));
  });

  it('is ten million requests in a fixed population, well inside the life of the sessions it logs in with at the start', () => {
    expect(soakShape.clients * soakShape.requestsPerClient).toBe(10_000_000);
    // A request every meanThinkUs plus its latency (about 140 ms): the last one leaves after roughly this long.
    const virtualUs = soakShape.requestsPerClient * (soakShape.meanThinkUs + 140_000);
    expect(virtualUs).toBeLessThan(defaultSessionLifetimeUs / 2);
  });
});
