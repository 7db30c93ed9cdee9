import { describe, expect, it } from 'vitest';
import { builtin } from '../../../sim/scenario/resolve.js';
import { runScenario } from '../../../sim/scenario/run.js';
import type { SequenceMessage, SequenceNote } from './html/report-model.js';
import { sequenceView } from './html/sequence-view.js';
import { maxSequenceRows, runSequence } from './run-sequence.js';

const run = async (name: string, seed = 1) => runScenario(name, builtin(name, seed).spec, { seed });
const messages = (rows: readonly (SequenceMessage | SequenceNote)[]) => rows.filter((r): r is SequenceMessage => r.kind === 'message');

describe('a run as a sequence diagram', () => {
  it('draws one message per hop, each send joined with its arrival or its loss, at its virtual time', async () => {
    // The spec's demonstration: the POST's first response is lost on the way back, the client re-sends.
    const result = await run('notes-unstable-post');
    const diagram = runSequence(result.trace.events, result.exchanges);
    expect(diagram.lanes.map((l) => `${l.kind}:${l.label}`)).toEqual(['client:client', 'line:WAN line', 'cache:cache', 'line:LAN line', 'app:origin']);
    const sent = messages(diagram.rows);
    expect(sent).toHaveLength(result.trace.events.filter((e) => e.kind === 'send').length);
    expect(sent.map((m) => `${m.at} ${m.exchange}.${m.attempt} ${m.from}→${m.to} ${m.label}${m.lost ? ' LOST' : ''}`)).toEqual([
      '0.000 1.1 client→cache POST /notes',
      '60.088 1.1 cache→origin POST /notes',
      '75.088 1.1 origin→cache 201 ← POST /notes',
      '75.088 1.1 cache→client 201 ← POST /notes LOST',
      '500.000 1.2 client→cache POST /notes',
      '560.088 1.2 cache→origin POST /notes',
      '575.088 1.2 origin→cache 201 ← POST /notes',
      '575.088 1.2 cache→client 201 ← POST /notes',
    ]);
    expect(sent[3]!.detail).toBe('29 B · LOST at 135.204: unstable line: first response of the exchange');
    expect(sent[7]!.detail).toBe('29 B · arrived 635.204');
    const notes = diagram.rows.filter((r): r is SequenceNote => r.kind === 'note').map((n) => `${n.at} ${n.lane} ${n.label}: ${n.text}`);
    expect(notes).toContain('500.000 client timeout: POST /notes · no response in 500.000 ms');
    expect(notes).toContain('500.000 client RE-SEND: POST /notes · naive policy');
    expect(notes).toContain('75.088 origin process: 201 ← POST /notes · handled in 15.000 ms');
  });

  it('carries what the client said on its sends, and what it got on the answer it kept, and no more', async () => {
    const result = await run('notes-unstable-post');
    const sent = messages(runSequence(result.trace.events, result.exchanges).rows);
    const exchange = result.exchanges[0]!;
    const withContent = sent.flatMap((m, i) => (m.content === undefined ? [] : [[i, m.content.view] as const]));
    // Both attempts sent the request; only the second answer reached the client.
    expect(withContent).toEqual([[0, 'as the client sent it'], [4, 'as the client sent it'], [7, 'as the client received it']]);
    expect(sent[0]!.content!.body).toBe(exchange.request.body);
    expect(sent[0]!.content!.headers).toEqual(Object.entries(exchange.request.headers));
    expect(sent[7]!.content!.body).toBe(exchange.response!.body);
  });

  it('names steps as the timeline does when the steps of several clients overlap, each client a lane before the line', async () => {
    const result = await run('notes-lossy-mixed');
    const diagram = runSequence(result.trace.events, result.exchanges);
    const steps = new Set(messages(diagram.rows).map((m) => m.exchange));
    expect([...steps].sort((a, b) => a - b)).toEqual(result.exchanges.map((_, i) => i + 1));
    const clients = diagram.lanes.slice(0, diagram.lanes.findIndex((l) => l.kind === 'line'));
    expect(clients.map((l) => l.kind)).toEqual(clients.map(() => 'client'));
    expect(clients.map((l) => l.id).sort()).toEqual([...new Set(result.exchanges.map((x) => x.client))].sort());
  });

  it('draws an arrow per message, ending in a cross on the line where a message was lost', async () => {
    const result = await run('notes-unstable-post');
    const diagram = runSequence(result.trace.events, result.exchanges);
    const html = sequenceView(diagram);
    expect(html.match(/<g class="arrow /g)).toHaveLength(8);
    expect(html.match(/<g class="arrow lost">/g)).toHaveLength(1);
    expect(html.match(/<path class="cross"/g)).toHaveLength(1);
    expect(html.match(/<details>/g)).toHaveLength(3);
  });

  it('says how many rows it left out of a run too long to draw', async () => {
    const result = await run('notes-lossy-mixed', 3);
    const many = [...result.trace.events, ...result.trace.events, ...result.trace.events, ...result.trace.events, ...result.trace.events];
    const diagram = runSequence(many, result.exchanges, { omittedEvents: 7 });
    expect(diagram.rows).toHaveLength(maxSequenceRows);
    expect(diagram.rowsLeftOut).toBeGreaterThan(7);
    expect(sequenceView(diagram)).toContain(`… and ${diagram.rowsLeftOut} more events, not drawn`);
  });
});
