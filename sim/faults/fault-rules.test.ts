import { describe, expect, it } from 'vitest';
import { request } from '../../src/http/message.js';
import { RngStreams } from '../rng.js';
import { linkBetweenRecorders, requestEnvelope, responseEnvelope } from '../test-kit.js';
import { duplication } from './duplication.js';
import { extraDelay } from './extra-delay.js';
import { decide, type FaultRule, pass } from './fault-rule.js';
import { loss } from './loss.js';
import { unstableLine } from './unstable-line.js';

const rng = () => new RngStreams(7).stream('link:test');

/** How often a rule answers each kind over many messages. */
function tally(rule: FaultRule, envs: () => Parameters<FaultRule['decide']>[0], n: number) {
  const r = rng();
  const counts = { pass: 0, drop: 0, delay: 0, duplicate: 0 };
  for (let i = 0; i < n; i++) counts[decide([rule], envs(), r, 0).kind]++;
  return counts;
}

describe('unstable line (spec §3: the first response of each exchange is lost, exactly once)', () => {
  it('drops the first response of an exchange and passes the response to the re-send', () => {
    const rule = unstableLine();
    expect(rule.decide(responseEnvelope(1, undefined, 1), rng(), 0).kind).toBe('drop');
    expect(rule.decide(responseEnvelope(1, undefined, 2), rng(), 0)).toBe(pass);
    expect(rule.decide(responseEnvelope(1, undefined, 3), rng(), 0)).toBe(pass);
    expect(rule.decide(responseEnvelope(2, undefined, 1), rng(), 0).kind).toBe('drop');
  });

  it('never touches requests and draws no randomness', () => {
    const rule = unstableLine();
    const used = rng();
    for (let i = 1; i <= 50; i++) expect(decide([rule], requestEnvelope(i), used, 0)).toBe(pass);
    rule.decide(responseEnvelope(99), used, 0);
    expect(used.int(0, 1e9)).toBe(rng().int(0, 1e9));
  });
});

describe('loss', () => {
  it('never loses at p=0, always at p=1', () => {
    expect(tally(loss({ probability: 0 }), () => requestEnvelope(1), 1_000).drop).toBe(0);
    expect(tally(loss({ probability: 1 }), () => requestEnvelope(1), 1_000).drop).toBe(1_000);
  });

  it('loses about p of the messages, from the seeded stream', () => {
    const { drop } = tally(loss({ probability: 0.2 }), () => requestEnvelope(1), 20_000);
    expect(drop / 20_000).toBeGreaterThan(0.18);
    expect(drop / 20_000).toBeLessThan(0.22);
    expect(tally(loss({ probability: 0.2 }), () => requestEnvelope(1), 500)).toEqual(tally(loss({ probability: 0.2 }), () => requestEnvelope(1), 500));
  });

  it('acts only in its direction', () => {
    expect(tally(loss({ probability: 1, applies: 'responses' }), () => requestEnvelope(1), 100).drop).toBe(0);
    expect(tally(loss({ probability: 1, applies: 'responses' }), () => responseEnvelope(1), 100).drop).toBe(100);
    expect(tally(loss({ probability: 1, applies: 'requests' }), () => responseEnvelope(1), 100).drop).toBe(0);
  });

  it('refuses a probability outside [0, 1]', () => {
    expect(() => loss({ probability: 1.5 })).toThrow(RangeError);
    expect(() => loss({ probability: Number.NaN })).toThrow(RangeError);
  });
});

describe('duplication', () => {
  it('delivers a second copy copyDelayUs after the first', async () => {
    const { sim, near, far, link } = linkBetweenRecorders({ faults: [duplication({ probability: 1, copyDelayUs: 2_000 })] });
    link.send(near, requestEnvelope(1));
    await sim.run();
    expect(far.arrivals.map((a) => a.atUs)).toEqual([60_000, 62_000]);
  });

  it('duplicates about p of the messages', () => {
    const { duplicate } = tally(duplication({ probability: 0.1 }), () => requestEnvelope(1), 20_000);
    expect(duplicate / 20_000).toBeGreaterThan(0.085);
    expect(duplicate / 20_000).toBeLessThan(0.115);
  });
});

describe('extra delay with jitter', () => {
  it('adds extraDelayUs plus a jitter within [0, jitterUs]', () => {
    const r = rng();
    const rule = extraDelay({ extraDelayUs: 1_000, jitterUs: 500 });
    const delays = Array.from({ length: 2_000 }, () => {
      const d = rule.decide(requestEnvelope(1), r, 0);
      return d.kind === 'delay' ? d.delayUs : -1;
    });
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(1_500);
    expect(new Set(delays).size).toBeGreaterThan(100);
  });

  it('reorders messages that left one FIFO transmitter in order', async () => {
    const { sim, near, far, link } = linkBetweenRecorders({ faults: [extraDelay({ extraDelayUs: 0, jitterUs: 50_000 })] }, 3);
    for (let i = 1; i <= 20; i++) link.send(near, requestEnvelope(i, request('GET', `/notes/${i}`)));
    await sim.run();
    const order = far.arrivals.map((a) => a.env.exchangeId);
    expect(order).toHaveLength(20);
    expect(order).not.toEqual([...order].sort((a, b) => a - b));
  });

  it('passes when there is nothing to add', () => {
    expect(extraDelay({ extraDelayUs: 0, jitterUs: 0 }).decide(requestEnvelope(1), rng(), 0)).toBe(pass);
  });
});

describe('the rule chain', () => {
  it('takes the first answer other than pass and asks no later rule', () => {
    let asked = 0;
    const spy: FaultRule = { name: 'spy', applies: 'both', decide: () => (asked++, pass) };
    const chain = [spy, loss({ probability: 1 }), { ...spy }];
    expect(decide(chain, requestEnvelope(1), rng(), 0).kind).toBe('drop');
    expect(asked).toBe(1);
    expect(decide([spy, spy], requestEnvelope(1), rng(), 0)).toBe(pass);
  });

  it('records a lost message in the trace at the time it would have arrived, and delivers nothing', async () => {
    const { sim, trace, near, far, link } = linkBetweenRecorders({ faults: [loss({ probability: 1 })] });
    link.send(near, requestEnvelope(1));
    await sim.run();
    expect(far.arrivals).toEqual([]);
    expect(trace.events.map((e) => [e.kind, e.atUs])).toEqual([['send', 0], ['drop', 60_000]]);
  });
});
