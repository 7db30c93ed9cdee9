import { describe, expect, it } from 'vitest';
import type { SequenceDiagram, SequenceRow } from './report-model.js';
import { joinSequences } from './sequence-join.js';

const row = (exchange: number, from: string, to: string): SequenceRow => ({
  kind: 'message', at: '', exchange, attempt: 1, focus: false, from, to, label: 'GET /', status: 0, lost: false, detail: '', content: undefined,
});

const part = (client: string, exchange: number): SequenceDiagram => ({
  lanes: [{ id: client, label: client, kind: 'client' }, { id: 'wan', label: 'WAN line', kind: 'line' }, { id: 'cache', label: 'cache', kind: 'cache' }],
  rows: [row(exchange, client, 'cache'), row(exchange, 'cache', client), { kind: 'note', at: '', exchange: 0, attempt: 0, focus: false, lane: 'cache', label: 'CRASH', text: '', bad: true }],
  rowsLeftOut: 1,
});

describe('several exchanges drawn as one diagram', () => {
  it('puts every client first, in the order they come, then the rest once each; numbers exchanges afresh; keeps a node\'s own events unnumbered', () => {
    const joined = joinSequences([part('user', 7), part('other-user', 1), part('user', 7)]);
    expect(joined.lanes.map((l) => l.id)).toEqual(['user', 'other-user', 'wan', 'cache']);
    expect(joined.rows.map((r) => r.exchange)).toEqual([1, 1, 0, 2, 2, 0, 3, 3, 0]);
    expect(joined.rowsLeftOut).toBe(3);
  });
});
