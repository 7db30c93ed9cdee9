import { describe, expect, it } from 'vitest';
import { request } from '../../src/http/message.js';
import { RngStreams } from '../rng.js';
import { linkBetweenRecorders, requestEnvelope, responseEnvelope } from '../test-kit.js';
import { decide, pass } from './fault-rule.js';
import { hold } from './hold.js';
import { partition } from './partition.js';

/** The rules that start and end: a partition cuts the line for a window, a hold stalls it and lets go. */

const rng = () => new RngStreams(7).stream('link:test');
const window = { fromUs: 100_000, untilUs: 300_000 };

describe('partition', () => {
  it('loses what is sent inside [fromUs, untilUs) and nothing outside it', () => {
    const rule = partition(window);
    const at = (us: number) => rule.decide(requestEnvelope(1), rng(), us).kind;
    expect([at(99_999), at(100_000), at(299_999), at(300_000)]).toEqual(['pass', 'drop', 'drop', 'pass']);
  });

  it('one way: requests get through and their responses are lost', () => {
    const rule = partition({ ...window, applies: 'responses' });
    expect(decide([rule], requestEnvelope(1), rng(), 200_000)).toBe(pass);
    expect(decide([rule], responseEnvelope(1), rng(), 200_000).kind).toBe('drop');
  });

  it('can cut one client off and leave the others', () => {
    const rule = partition({ ...window, clients: ['alice'] });
    const alice = { ...requestEnvelope(1), client: 'alice' };
    const bob = { ...requestEnvelope(2), client: 'bob' };
    expect([rule.decide(alice, rng(), 200_000).kind, rule.decide(bob, rng(), 200_000).kind]).toEqual(['drop', 'pass']);
  });

  it('draws no randomness, so adding it shifts no other rule\'s draws', () => {
    const used = rng();
    for (let us = 0; us < 400_000; us += 10_000) partition(window).decide(requestEnvelope(1), used, us);
    expect(used.int(0, 1e9)).toBe(rng().int(0, 1e9));
  });

  it('refuses a window that ends before it starts', () => {
    expect(() => partition({ fromUs: 5, untilUs: 5 })).toThrow(/later than fromUs/);
  });
});

describe('hold and release', () => {
  it('delivers what was sent in the window at its end plus the usual travel time, in the order sent', async () => {
    const { sim, near, far, link, trace } = linkBetweenRecorders({ faults: [hold(window)] });
    sim.schedule(50_000, () => link.send(near, requestEnvelope(1, request('GET', '/notes/1'))));
    sim.schedule(150_000, () => link.send(near, requestEnvelope(2, request('GET', '/notes/2'))));
    sim.schedule(250_000, () => link.send(near, requestEnvelope(3, request('GET', '/notes/3'))));
    sim.schedule(350_000, () => link.send(near, requestEnvelope(4, request('GET', '/notes/4'))));
    await sim.run();
    expect(far.arrivals.map((a) => [a.env.exchangeId, a.atUs])).toEqual([[1, 110_000], [2, 360_000], [3, 360_000], [4, 410_000]]);
    expect(trace.events.filter((e) => e.kind === 'deliver').map((e) => e.note)).toEqual(['', 'held until 300.000 ms', 'held until 300.000 ms', '']);
  });
});
