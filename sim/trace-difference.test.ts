import { describe, expect, it } from 'vitest';
import { Trace, type TraceBound } from './trace.js';
import type { TraceEvent } from './trace-event.js';
import { firstDifference } from './trace-difference.js';

function eventAt(atUs: number, note = ''): TraceEvent {
  return {
    atUs, kind: 'process', from: 'origin', to: 'origin', exchangeId: 1, attempt: 1, method: 'GET', path: '/x',
    status: 200, bytes: 0, link: '', queuedUs: 0, transmitUs: 0, note,
  };
}

/** A trace of `count` events at 0, 1, 2, … µs, with the event at `changedAt` (if any) noted differently. */
function traced(count: number, changedAt?: number, bound?: TraceBound): Trace {
  const trace = new Trace('full', bound);
  for (let i = 0; i < count; i++) trace.record(eventAt(i, i === changedAt ? 'other' : ''));
  return trace;
}

describe('the first difference between two runs of one seed', () => {
  it('is none when every event agrees', () => {
    expect(firstDifference(traced(5), traced(5))).toBeUndefined();
  });

  it('is the first event that differs in any field, with both events', () => {
    expect(firstDifference(traced(5), traced(5, 3))).toEqual({ index: 3, first: eventAt(3), second: eventAt(3, 'other'), unseen: undefined });
  });

  it('is where the shorter run ended, when one run has more events', () => {
    expect(firstDifference(traced(4), traced(6))).toEqual({ index: 4, first: undefined, second: eventAt(4), unseen: undefined });
  });

  const bound = { firstEvents: 3, lastEvents: 4 };

  it('beyond the bound, finds it among the first events kept', () => {
    expect(firstDifference(traced(20, 1, bound), traced(20, undefined, bound))).toMatchObject({ index: 1, unseen: undefined });
  });

  it('beyond the bound, finds it among the latest events kept, saying where an earlier one may hide', () => {
    expect(firstDifference(traced(20, 18, bound), traced(20, undefined, bound))).toEqual({
      index: 18, first: eventAt(18, 'other'), second: eventAt(18), unseen: { from: 3, to: 16 },
    });
  });

  it('beyond the bound, names the stretch no trace kept when the kept events all agree', () => {
    expect(firstDifference(traced(20, 10, bound), traced(20, undefined, bound))).toEqual({ index: undefined, unseen: { from: 3, to: 16 } });
  });

  it('skips what either run did not keep when the runs have different lengths', () => {
    // Run 1 keeps 0-2 and 16-19; run 2 keeps 0-2 and 18-21: only 0-2 and 18-19 can be compared before run 1 ends.
    expect(firstDifference(traced(20, undefined, bound), traced(22, undefined, bound))).toEqual({
      index: 20, first: undefined, second: eventAt(20), unseen: { from: 3, to: 18 },
    });
  });
});
