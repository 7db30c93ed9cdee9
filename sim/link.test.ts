import { describe, expect, it } from 'vitest';
import { request } from '../src/http/message.js';
import { createOrigin } from '../src/origin.js';
import { testEnvironment } from '../src/testing-kit.js';
import { defaultClientSettings } from '../src/client/settings.js';
import { RngStreams } from './rng.js';
import { Simulation } from './simulation.js';
import { Link } from './link.js';
import { linkBetweenRecorders, Recorder, requestEnvelope, responseEnvelope } from './test-kit.js';
import { defaultTopologySettings, Topology } from './topology.js';
import { Trace } from './trace.js';

describe('Link arithmetic', () => {
  it('takes serialization (4 µs per byte at 2 Mbit/s) plus the one-way delay', async () => {
    const { sim, near, far, link } = linkBetweenRecorders();
    link.send(near, responseEnvelope(1, 'x'.repeat(120)));
    link.send(far, requestEnvelope(2));
    await sim.run();
    expect(far.arrivals.map((a) => a.atUs)).toEqual([60_480]);
    expect(near.arrivals.map((a) => a.atUs)).toEqual([60_000]); // no body: 0 bytes, delay only
  });

  it('queues each direction as a FIFO transmitter, independently of the other direction', async () => {
    const { sim, near, far, link } = linkBetweenRecorders();
    const big = request('PUT', '/notes/1', {}, 'y'.repeat(1_000)); // 4 ms to serialize
    link.send(near, requestEnvelope(1, big));
    link.send(near, requestEnvelope(2, big)); // waits for the first: starts at 4 ms
    link.send(far, responseEnvelope(3, 'z'.repeat(1_000))); // the other direction is free
    await sim.run();
    expect(far.arrivals.map((a) => [a.env.exchangeId, a.atUs])).toEqual([[1, 64_000], [2, 68_000]]);
    expect(near.arrivals.map((a) => [a.env.exchangeId, a.atUs])).toEqual([[3, 64_000]]);
  });

  it('rounds a fractional serialization time up to a whole microsecond, and an unlimited link takes none', () => {
    expect(linkBetweenRecorders({ bandwidthBitsPerSecond: 3_000_000 }).link.serializationUs(1)).toBe(3); // 2.67 µs
    expect(linkBetweenRecorders({ bandwidthBitsPerSecond: Number.POSITIVE_INFINITY }).link.serializationUs(1e6)).toBe(0);
  });

  it('refuses impossible settings', () => {
    expect(() => linkBetweenRecorders({ oneWayDelayUs: -1 })).toThrow(/oneWayDelayUs/);
    expect(() => linkBetweenRecorders({ bandwidthBitsPerSecond: 0 })).toThrow(/bandwidthBitsPerSecond/);
  });

  it('sends only from one of its two ends, and joins two different nodes', () => {
    const { sim, link } = linkBetweenRecorders();
    expect(() => link.send(new Recorder('stranger', sim), requestEnvelope(1))).toThrow(/stranger is not an end of test/);
    expect(sim.pending).toBe(0);
    const node = new Recorder('node', sim);
    const settings = { oneWayDelayUs: 0, bandwidthBitsPerSecond: 1, faults: [] };
    const loop = { name: 'loop', near: node, far: node, settings, sim, trace: new Trace('off'), rng: new RngStreams(1).stream('link:loop') };
    expect(() => new Link(loop)).toThrow(/two different nodes/);
  });

  it('reproduces DESIGN.md: a bodiless GET with a 120-byte response through a cache miss takes 135.480 ms', async () => {
    const sim = new Simulation();
    const origin = {
      handle: () => ({ status: 200, headers: {}, body: 'x'.repeat(120), bodyBytes: 120 }),
      state: () => createOrigin(testEnvironment()).state(),
    };
    const top = new Topology({ sim, trace: new Trace('off'), streams: new RngStreams(1), origin, settings: defaultTopologySettings, clientSettings: defaultClientSettings });
    const exchange = top.client('client').start(request('GET', '/notes/1'));
    await sim.run();
    expect(exchange.latencyUs).toBe(135_480);
    expect(exchange.attempts).toBe(1);
  });
});
