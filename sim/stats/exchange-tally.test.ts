import { describe, expect, it } from 'vitest';
import { defaultClientSettings } from '../../src/client/settings.js';
import { type HttpRequest, request } from '../../src/http/message.js';
import { createOrigin } from '../../src/origin.js';
import { testEnvironment } from '../../src/testing-kit.js';
import { extraDelay } from '../faults/extra-delay.js';
import { loss } from '../faults/loss.js';
import type { Exchange } from '../exchange.js';
import { RngStreams } from '../rng.js';
import { Simulation } from '../simulation.js';
import { defaultTopologySettings, Topology } from '../topology.js';
import { Trace } from '../trace.js';
import { ExchangeTally } from './exchange-tally.js';

const clients = 3;
const requestsPerClient = 40;

/** Each client's n-th request: reads, writes and adds, so that several methods and statuses are folded. */
function nth(client: number, n: number, cookie: string): HttpRequest {
  const json = { cookie, 'content-type': 'application/json' };
  switch (n % 4) {
    case 0: return request('PUT', `/notes/${client + 1}`, json, JSON.stringify({ content: `version ${n}` }));
    case 1: return request('GET', `/notes/${client + 1}`, { cookie });
    case 2: return request('POST', '/notes', json, JSON.stringify({ content: `added ${n}` }));
    default: return request('GET', `/notes/${100 + n}`, { cookie }); // never written: a 404
  }
}

/**
 * Three clients on a WAN that loses a fifth of the responses and delays some by up to 300 ms: re-sends, late
 * answers and give-ups (a POST is not re-sent by the default policy), through the real origin and cache. The
 * same seed with and without a tally is the same run.
 */
async function run(tally: ExchangeTally | undefined) {
  const sim = new Simulation();
  const origin = createOrigin({ ...testEnvironment(), now: sim.now });
  const wan = { ...defaultTopologySettings.wan, faults: [loss({ probability: 0.2, applies: 'responses' }), extraDelay({ extraDelayUs: 0, jitterUs: 300_000, probability: 0.3 })] };
  const topology = new Topology({
    sim, trace: new Trace('off'), streams: new RngStreams(7), origin, settings: { ...defaultTopologySettings, wan }, clientSettings: defaultClientSettings, tally,
  });
  for (let c = 0; c < clients; c++) {
    const cookie = `sid=${origin.login.openSession(origin.accounts.byId(c + 1)!, 0)}`;
    const client = topology.client(`client-${c}`);
    let sent = 0;
    const next = (): void => {
      if (sent < requestsPerClient) client.start(nth(c, sent++, cookie), next);
    };
    next();
  }
  await sim.run();
  return [...topology.clients.values()];
}

/** Nearest rank, as the histogram counts it. */
function exactPercentileUs(sortedUs: readonly number[], percent: number): number {
  return sortedUs[Math.max(0, Math.ceil((percent / 100) * sortedUs.length) - 1)]!;
}

describe('a run that folds its exchanges', () => {
  it('keeps none, holds none in flight at the end, and tallies exactly what the same run keeping them shows', async () => {
    const kept: Exchange[] = (await run(undefined)).flatMap((client) => client.exchanges);
    const tally = new ExchangeTally();
    const folding = await run(tally);
    expect(folding.map((client) => [client.exchanges.length, client.inFlight])).toEqual(Array.from({ length: clients }, () => [0, 0]));

    // The run is worth the comparison: every kind of ending happened.
    const answered = kept.filter((x) => x.outcome === 'response');
    const gaveUp = kept.filter((x) => x.outcome === 'unknown');
    expect(kept).toHaveLength(clients * requestsPerClient);
    expect(gaveUp.length).toBeGreaterThan(0);
    expect(kept.some((x) => x.outcome === 'response' && x.attempts > 1)).toBe(true);

    expect([tally.exchanges, tally.responses, tally.giveUps]).toEqual([kept.length, answered.length, gaveUp.length]);
    expect(tally.attempts).toBe(kept.reduce((sum, x) => sum + x.attempts, 0));
    const ofClass = (digit: number) => answered.filter((x) => Math.floor(x.response!.status / 100) === digit).length;
    expect([2, 4].map((digit) => tally.responsesOfClass(digit as 2 | 4))).toEqual([ofClass(2), ofClass(4)]);
    expect(ofClass(4)).toBeGreaterThan(0);

    // The same latencies: per method, the folded histogram is the one the kept exchanges make...
    const refolded = new ExchangeTally();
    for (const x of kept) refolded.fold(x);
    expect(tally.methods).toEqual(refolded.methods);
    expect(new Set(tally.methods)).toEqual(new Set(['PUT', 'GET', 'POST']));
    for (const method of tally.methods) expect(tally.latencyOf(method)!.encode(), method).toBe(refolded.latencyOf(method)!.encode());
    // ...and its percentiles are the exact ones, to the histogram's three significant digits.
    const sortedUs = answered.map((x) => x.latencyUs!).sort((a, b) => a - b);
    const all = tally.latency();
    expect(all.count).toBe(answered.length);
    for (const percent of [50, 99, 100]) {
      const exact = exactPercentileUs(sortedUs, percent);
      expect(Math.abs(all.percentileUs(percent) - exact) / exact, `p${percent}`).toBeLessThan(0.001);
    }
  });
});
