import { describe, expect, it } from 'vitest';
import type { FaultRule } from './faults/fault-rule.js';
import { duplication } from './faults/duplication.js';
import { loss } from './faults/loss.js';
import { closeFrame, textFrame } from './frame.js';
import { linkBetweenRecorders, requestEnvelope } from './test-kit.js';

describe('WebSocket frames on a link', () => {
  it('take the same time as any message: 4 µs per byte of JSON text, FIFO, then the one-way delay', async () => {
    const { sim, near, far, link } = linkBetweenRecorders();
    const text = JSON.stringify({ id: '1', type: 'next', payload: { data: { x: 'é' } } });
    const frame = textFrame('client', 1, 'to-origin', text, 'next 1');
    expect(frame.bytes).toBe(Buffer.byteLength(text, 'utf8'));
    link.send(near, frame);
    link.send(near, closeFrame('client', 1, 'to-origin', 1000, 'Normal Closure'));
    await sim.run();
    expect(far.arrivals.map((a) => a.atUs)).toEqual([60_000 + 4 * frame.bytes, 60_000 + 4 * frame.bytes + 4 * (2 + 14)]);
  });

  it('are not lost, repeated or delayed by the fault rules, which are not even asked', async () => {
    let asked = 0;
    const spy: FaultRule = { name: 'spy', applies: 'both', decide: (env, rng, nowUs) => (asked++, loss({ probability: 1 }).decide(env, rng, nowUs)) };
    const { sim, near, far, link, trace } = linkBetweenRecorders({ faults: [spy, duplication({ probability: 1 })] });
    for (let i = 0; i < 20; i++) link.send(near, textFrame('client', 1, 'to-origin', '{"type":"ping"}', 'ping'));
    link.send(near, requestEnvelope(2));
    await sim.run();
    expect(far.arrivals.map((a) => a.env.kind)).toEqual(Array<string>(20).fill('frame'));
    expect(asked).toBe(1);
    expect(trace.events.filter((e) => e.kind === 'drop').map((e) => e.method)).toEqual(['GET']);
    expect(trace.events.filter((e) => e.method === 'WS').map((e) => e.note)).toEqual(Array<string>(40).fill('ping'));
  });
});
