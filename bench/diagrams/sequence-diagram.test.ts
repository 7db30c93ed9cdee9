import { describe, expect, it } from 'vitest';
import type { TraceEvent, TraceKind } from '../../sim/trace-event.js';
import { demonstrationDiagrams } from './demonstrations.js';
import { sequenceDiagram } from './sequence-diagram.js';

/** A trace event as the simulator records it; requests have status 0. */
function event(atUs: number, kind: TraceKind, from: string, to: string, attempt: number, status: number, bytes: number, note = '', link = ''): TraceEvent {
  return { atUs, kind, from, to, exchangeId: 1, attempt, method: 'POST', path: '/notes', status, bytes, link, queuedUs: 0, transmitUs: 0, note };
}

/** A POST whose first response the line loses, re-sent, its second response a duplicate; then a late copy. */
const lostAndResent: readonly TraceEvent[] = [
  event(0, 'send', 'client', 'cache', 1, 0, 22, '', 'wan:client'),
  event(60_088, 'deliver', 'client', 'cache', 1, 0, 22),
  event(60_088, 'cache', 'cache', 'cache', 1, 0, 22, 'miss'),
  event(60_088, 'send', 'cache', 'origin', 1, 0, 22, '', 'lan'),
  event(60_088, 'deliver', 'cache', 'origin', 1, 0, 22),
  event(75_088, 'process', 'origin', 'origin', 1, 201, 29, 'handled in 15.000 ms'),
  event(75_088, 'send', 'origin', 'cache', 1, 201, 29, '', 'lan'),
  event(75_088, 'deliver', 'origin', 'cache', 1, 201, 29),
  event(75_088, 'cache', 'cache', 'cache', 1, 201, 29, 'not stored: POST'),
  event(75_088, 'send', 'cache', 'client', 1, 201, 29, '', 'wan:client'),
  event(135_204, 'drop', 'cache', 'client', 1, 201, 29, 'unstable line'),
  event(500_000, 'timeout', 'client', 'client', 1, 0, 22, 'no response in 500.000 ms'),
  event(500_000, 'resend', 'client', 'client', 2, 0, 22, 'naive policy'),
  event(500_000, 'send', 'client', 'cache', 2, 0, 22, '', 'wan:client'),
  event(560_088, 'deliver', 'client', 'cache', 2, 0, 22),
  event(560_088, 'cache', 'cache', 'cache', 2, 0, 0, 'hit age=0'),
  event(560_088, 'send', 'cache', 'client', 2, 201, 29, '', 'wan:client'),
  event(620_204, 'deliver', 'cache', 'client', 2, 201, 29),
  event(620_204, 'complete', 'client', 'client', 2, 201, 29),
  event(622_204, 'deliver', 'cache', 'client', 2, 201, 29, 'duplicate; copy'),
  event(622_204, 'ignore', 'client', 'client', 2, 201, 29, 'exchange already complete'),
];

describe('sequenceDiagram', () => {
  it('draws one arrow per hop at its arrival time, a crossed one for a loss, and notes for what the client and the cache decided', () => {
    expect(sequenceDiagram(lostAndResent, { notes: [{ atUs: 75_088, over: 'origin', text: 'created /notes/1' }] })).toBe(
      [
        'sequenceDiagram',
        '    participant client',
        '    participant cache',
        '    participant origin',
        '    client->>cache: POST /notes · 22 B · at 60.088 ms',
        '    cache->>origin: POST /notes · 22 B · at 60.088 ms',
        '    origin-->>cache: 201 · 29 B · at 75.088 ms',
        '    Note over origin: created /notes/1',
        '    cache--xclient: 201 · 29 B · lost at 135.204 ms',
        '    Note over client,cache: lost: unstable line',
        '    Note over client: timeout at 500.000 ms: no response in 500.000 ms',
        '    Note over client: re-send (try 2) at 500.000 ms: naive policy',
        '    client->>cache: POST /notes (try 2) · 22 B · at 560.088 ms',
        '    Note over cache: hit age=0 at 560.088 ms',
        '    cache-->>client: 201 · 29 B · at 620.204 ms',
        // A copy has no send of its own; the `;` would end a Mermaid statement, so it is an entity.
        '    cache-->>client: 201 · 29 B (a copy) (duplicate#59; copy) · at 622.204 ms',
        '    Note over client: ignored at 622.204 ms: exchange already complete',
        '',
      ].join('\n'),
    );
  });

  it('puts clients first in the order they appear, then the cache and the origin, whatever order the trace names them', () => {
    const twoClients = [
      { ...lostAndResent[0]!, from: 'bob' },
      { ...lostAndResent[1]!, from: 'bob' },
      { ...lostAndResent[3]!, exchangeId: 2 },
      { ...lostAndResent[4]!, exchangeId: 2 },
      { ...lostAndResent[0]!, from: 'alice', exchangeId: 3 },
      { ...lostAndResent[1]!, from: 'alice', exchangeId: 3 },
    ];
    const participantLines = sequenceDiagram(twoClients).split('\n').filter((line) => line.includes('participant'));
    expect(participantLines.map((line) => line.trim())).toEqual(['participant bob', 'participant alice', 'participant cache', 'participant origin']);
  });

  it('gives a client whose name Mermaid would misread a safe id, shown under its name', () => {
    const named = (from: string) => [{ ...lostAndResent[0]!, from }, { ...lostAndResent[1]!, from }];
    expect(sequenceDiagram(named('client-2'))).toBe(
      'sequenceDiagram\n    participant p_client_2 as client-2\n    participant cache\n    p_client_2->>cache: POST /notes · 22 B · at 60.088 ms\n',
    );
    expect(sequenceDiagram(named('end'))).toContain('    participant p_end as end\n');
  });

  it('is only the header for an empty trace', () => {
    expect(sequenceDiagram([])).toBe('sequenceDiagram\n');
  });
});

describe('demonstrationDiagrams', () => {
  const id = '[a-z][a-z0-9_]*';
  const statement = new RegExp(`^ {4}(participant ${id}|${id}(->>|-->>|-x|--x)${id}: [^\\n;]+|Note over ${id}(,${id})?: [^\\n;]+)$`);

  it('gives each demonstration a plausible Mermaid sequenceDiagram: a header, then only participants, arrows and notes between them', async () => {
    const diagrams = await demonstrationDiagrams();
    expect(diagrams.map((d) => d.scenario)).toEqual(['notes-unstable-post', 'notes-unstable-post-keyed', 'notes-unstable-post-safe', 'notes-unstable-put', 'notes-cache-hit']);
    for (const { mermaid, title } of diagrams) {
      expect(title.length).toBeGreaterThan(0);
      const [header, ...lines] = mermaid.trimEnd().split('\n');
      expect(header).toBe('sequenceDiagram');
      const declared = lines.filter((line) => line.startsWith('    participant ')).map((line) => line.slice('    participant '.length));
      expect(declared.slice(-2)).toEqual(['cache', 'origin']);
      for (const line of lines) {
        expect(line).toMatch(statement);
        const named = /^ {4}(?:Note over ([a-z0-9_,]+)|([a-z0-9_]+)-{1,2}(?:>>|x)([a-z0-9_]+)):/.exec(line);
        const groups: (string | undefined)[] = named === null ? [] : named.slice(1);
        for (const name of groups.flatMap((group) => group?.split(',') ?? [])) expect(declared).toContain(name);
      }
    }
  });

  it('tells each story: the duplicate note, the replayed 201, the unknown outcome, the same PUT, the hit', async () => {
    const byScenario = new Map((await demonstrationDiagrams()).map((d) => [d.scenario, d.mermaid]));
    const naive = byScenario.get('notes-unstable-post')!;
    expect(naive.match(/--x/g)).toHaveLength(1);
    expect(naive).toContain('Note over client: re-send (try 2) at 500.000 ms: naive policy');
    expect(naive).toContain('Note over origin: created /notes/2: a second note');
    expect(naive).toContain('final state: 2 notes');
    const keyed = byScenario.get('notes-unstable-post-keyed')!;
    expect(keyed).toMatch(/re-send \(try 2\) at 500\.000 ms: keyed policy, idempotency-key [0-9a-f-]{36}/);
    expect(keyed).toContain('Note over origin: replayed the first 201 for its Idempotency-Key: no second note');
    expect(keyed).toContain('final state: 1 note');
    const safe = byScenario.get('notes-unstable-post-safe')!;
    expect(safe).toContain('gave up at 500.000 ms: outcome unknown');
    expect(safe).not.toContain('(try 2)');
    const put = byScenario.get('notes-unstable-put')!;
    expect(put).toContain('Note over origin: PUT again: the same state');
    expect(put).toContain('final state: 1 note (/notes/1 "first draft")');
    const hit = byScenario.get('notes-cache-hit')!;
    expect(hit.match(/Note over cache: hit/g)).toHaveLength(1);
    expect(hit).toContain('Note over cache: miss: no variant for this request');
    expect(hit).toContain('cache-->>alice: 200 · 27 B · at 390.404 ms'); // 120.108 ms after it left, no 15 ms at the origin
  });
});
