import { describe, expect, it } from 'vitest';
import { defaultTraceBound, Trace, type TraceBound } from './trace.js';
import type { TraceEvent } from './trace-event.js';

/** A `process` event whose time is its sequence number, so kept events say which ones they were. */
function eventAt(atUs: number): TraceEvent {
  return {
    atUs, kind: 'process', from: 'origin', to: 'origin', exchangeId: atUs, attempt: 1, method: 'GET', path: '/notes/1',
    status: 200, bytes: 0, link: '', queuedUs: 0, transmitUs: 0, note: '',
  };
}

function recorded(count: number, bound?: TraceBound): Trace {
  const trace = new Trace('full', bound);
  for (let i = 0; i < count; i++) trace.record(eventAt(i));
  return trace;
}

const times = (trace: Trace): number[] => trace.events.map((e) => e.atUs);
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

describe('the full trace keeps a bounded window of events', () => {
  it('keeps every event while the run is within the bound', () => {
    const trace = recorded(7, { firstEvents: 3, lastEvents: 4 });
    expect(times(trace)).toEqual(range(0, 7));
    expect(trace.omittedEvents).toBe(0);
  });

  it('beyond it, keeps the first and the latest in order and counts the rest', () => {
    const trace = recorded(20, { firstEvents: 3, lastEvents: 4 });
    expect(times(trace)).toEqual([0, 1, 2, 16, 17, 18, 19]);
    expect([trace.count, trace.omittedEvents]).toEqual([20, 13]);
  });

  it('keeps the latest in order whatever the ring position', () => {
    // 3 + 4 + 5: the ring has wrapped once and stopped part-way round.
    const trace = recorded(12, { firstEvents: 3, lastEvents: 4 });
    expect(times(trace)).toEqual([0, 1, 2, 8, 9, 10, 11]);
  });

  it('with no room for the latest, keeps the first only', () => {
    const trace = recorded(10, { firstEvents: 2, lastEvents: 0 });
    expect(times(trace)).toEqual([0, 1]);
    expect(trace.omittedEvents).toBe(8);
  });

  it('hashes every event, kept or not: the bound changes what is kept, never the hash', () => {
    const bounded = recorded(50, { firstEvents: 2, lastEvents: 3 });
    const whole = recorded(50, { firstEvents: 50, lastEvents: 0 });
    expect(bounded.digest()).toBe(whole.digest());
    expect(whole.events).toHaveLength(50);
    expect(bounded.events).toHaveLength(5);
  });

  it('stays at the default bound on a long run', () => {
    const { firstEvents, lastEvents } = defaultTraceBound;
    const trace = recorded(firstEvents + lastEvents + 12_345);
    expect(trace.events).toHaveLength(firstEvents + lastEvents);
    expect(trace.omittedEvents).toBe(12_345);
    expect(trace.events.at(-1)!.atUs).toBe(firstEvents + lastEvents + 12_345 - 1);
  });
});
