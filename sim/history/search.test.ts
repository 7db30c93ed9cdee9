import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { runCount } from '../../test/support/run-count.js';
import { concurrentHistory } from './concurrent-history.js';
import { history } from './hand-made.js';
import type { DeleteAnswer, NoteOperation, NoteState } from './history.js';
import { checkLinearizability } from './linearizability.js';
import { partitionByNote } from './partition.js';
import { referenceSearch } from './reference-search.js';
import { noteRegister } from './register-model.js';
import { type SearchResult, searchLinearization } from './search.js';

const options = { memoize: true, maxStates: 10_000_000 };

/**
 * What a search says of a note, down to the completion it could not get past. Not the operation: of two that
 * complete at the same microsecond and cannot both be placed, either may be named, by the order tried.
 */
function outcome(result: SearchResult): string {
  if (result.verdict !== 'not-linearizable') return result.verdict;
  return `not-linearizable by ${result.stuck.operation.completeUs} µs`;
}

/** Both searches' outcomes for every note of the history, note by note. */
function bothSearches(history: readonly NoteOperation[]): { fast: string[]; reference: string[] } {
  const notes = [...partitionByNote(history).values()];
  return {
    fast: notes.map((ops) => outcome(searchLinearization(ops, noteRegister, options))),
    reference: notes.map((ops) => outcome(referenceSearch(ops, noteRegister, options))),
  };
}

/**
 * Any small history at all on two notes: every kind, status and answer, values from a set of three so that
 * reads often match some write; most are not linearizable, many are. Ids in call order, as `historyOf` gives.
 */
const anyHistory = fc
  .array(
    fc.record({
      client: fc.constantFrom('a', 'b', 'c', 'd'),
      kind: fc.constantFrom('read', 'write', 'create', 'delete'),
      noteId: fc.constantFrom(1, 2),
      invokeUs: fc.nat({ max: 100 }),
      durationUs: fc.nat({ max: 60 }),
      status: fc.constantFrom('ok', 'ok', 'ok', 'ok', 'unknown', 'fail'),
      value: fc.constantFrom<NoteState>(null, 'x', 'y', 'z'),
      deleteAnswer: fc.constantFrom<DeleteAnswer>('deleted', 'absent', 'absent-after-resend'),
      createdIdKnown: fc.boolean(),
    }),
    { maxLength: 12 },
  )
  .map((drawn) =>
    drawn
      .sort((a, b) => a.invokeUs - b.invokeUs)
      .map((d, i): NoteOperation => {
        const known = d.status !== 'unknown';
        const base = { id: i + 1, client: d.client, noteId: d.noteId, invokeUs: d.invokeUs, completeUs: known ? d.invokeUs + d.durationUs : undefined, status: d.status, httpStatus: undefined, attempts: 1 };
        const content = d.value ?? 'x';
        switch (d.kind) {
          case 'read':
            return { ...base, kind: 'read', input: undefined, output: d.status === 'ok' ? d.value : undefined };
          case 'write':
            return { ...base, kind: 'write', input: content, output: undefined };
          case 'create':
            return { ...base, kind: 'create', input: content, output: undefined, noteId: d.status === 'unknown' && !d.createdIdKnown ? undefined : d.noteId };
          case 'delete':
            return { ...base, kind: 'delete', input: undefined, output: d.status === 'ok' ? d.deleteAnswer : undefined };
        }
      }),
  );

/** A crowded, linearizable history of one note, as the benchmark measures, but short enough for the old search. */
const crowdedHistory = fc
  .record({ clientsPerNote: fc.integer({ min: 2, max: 10 }), operations: fc.integer({ min: 1, max: 150 }), seed: fc.nat() })
  .map((shape) => concurrentHistory({ ...shape, operationsPerNote: shape.operations }));

/**
 * The same history with one read made impossible: it returns a value nobody wrote, or, when a write
 * completed before another write that completed before the read began, the older one's value (stale).
 */
function perturbed(history: readonly NoteOperation[], pick: number, stale: boolean): { history: NoteOperation[]; read: NoteOperation } | undefined {
  const reads = history.filter((op) => op.kind === 'read');
  if (reads.length === 0) return undefined;
  const read = reads[pick % reads.length]!;
  const before = (a: NoteOperation, b: NoteOperation): boolean => a.completeUs! < b.invokeUs;
  const newer = history.filter((w) => w.kind === 'write' && before(w, read)).at(-1);
  const older = newer === undefined ? undefined : history.filter((w) => w.kind === 'write' && before(w, newer)).at(-1);
  const output = stale && older !== undefined ? older.input : 'never written';
  const changed = { ...read, output } as NoteOperation;
  return { history: history.map((op) => (op === read ? changed : op)), read: changed };
}

describe('the just-in-time search decides as the old search did', () => {
  test.prop([anyHistory], { numRuns: runCount(400) })('on any small history: the same verdict, stuck at the same completion', (history) => {
    const { fast, reference } = bothSearches(history);
    expect(fast).toEqual(reference);
  });

  test.prop([crowdedHistory], { numRuns: runCount(40) })('on crowded histories that are linearizable by construction: both accept', (history) => {
    const { fast, reference } = bothSearches(history);
    expect(fast).toEqual(['linearizable']);
    expect(reference).toEqual(['linearizable']);
  });

  test.prop([crowdedHistory, fc.nat(), fc.boolean()], { numRuns: runCount(40) })(
    'on the same with one read made stale or impossible: both reject it, stuck when that read completes',
    (history, pick, stale) => {
      const bad = perturbed(history, pick, stale);
      fc.pre(bad !== undefined);
      const { fast, reference } = bothSearches(bad.history);
      expect(fast).toEqual(reference);
      const result = searchLinearization(bad.history, noteRegister, options);
      expect(result.verdict).toBe('not-linearizable');
      expect(result.verdict === 'not-linearizable' && result.stuck.operation.completeUs).toBe(bad.read.completeUs);
    },
  );
});

describe('the just-in-time search on the benchmark\'s histories', () => {
  // The old search explored 34,675 and 929,964 states here (3.2 s at 10 clients): placing writes in call order
  // before the reads that had not seen them yet made it try most subsets of what was in flight. At 20 clients
  // the just-in-time search without its dead-end cut explored 569,488 states in the first note alone.
  it.each([[5, 15_000], [10, 15_000], [20, 40_000]])('10,000 operations, %i clients per note: linearizable in fewer than %i states', (clientsPerNote, maxStates) => {
    const history = concurrentHistory({ operations: 10_000, operationsPerNote: 1_000, clientsPerNote, seed: 1 });
    const result = checkLinearizability(history);
    expect(result.ok).toBe(true);
    expect(result.statesExplored).toBeLessThan(maxStates);
  });
});

describe('dead ends seen early', () => {
  const states = fc.constantFrom<NoteState>(null, 'x', 'y');
  const anyOperation = anyHistory.filter((h) => h.length > 0).map((h) => h[0]!);

  test.prop([anyOperation, states], { numRuns: runCount(400) })('the register says exactly which state an operation needs and which it leaves', (op, state) => {
    const after = noteRegister.step(state, op);
    fc.pre(after !== undefined);
    const needs = noteRegister.needs!(op);
    if (needs !== undefined) expect(noteRegister.key(state)).toBe(needs);
    const leaves = noteRegister.leaves!(op);
    if (leaves !== undefined) expect(noteRegister.key(after)).toBe(leaves);
  });

  it('11 concurrent writes and a read of a value none wrote: cut once the search has met the read\'s completion', () => {
    const h = history();
    for (let i = 1; i <= 11; i++) h.write(`c${i}`, 1, `v${i}`, [i, 1000 - i]);
    h.read('reader', 1, 'never written', [5, 990.5]);
    // The memo alone visits 11 × 2^10 = 11,264 (set, state) pairs here (memoization.test.ts). Here: the write
    // due at 989 ms, then the one due at 990 ms, meets the read's completion, and every other order is cut.
    const result = searchLinearization(h.operations, noteRegister, options);
    expect(result).toMatchObject({ verdict: 'not-linearizable', statesExplored: 1, stuck: { operation: { id: 12 } } });
    expect(outcome(referenceSearch(h.operations, noteRegister, options))).toBe(outcome(result));
  });

  it('a read of a value whose one write was overwritten, with many writes in flight after it', () => {
    const h = history().write('a', 1, 'old', [0, 10]).write('a', 1, 'new', [20, 30]);
    for (let i = 1; i <= 10; i++) h.write(`c${i}`, 1, `v${i}`, [40 + i, 900 - i]);
    h.read('reader', 1, 'old', [50, 950]);
    const fast = searchLinearization(h.operations, noteRegister, options);
    const reference = referenceSearch(h.operations, noteRegister, options);
    expect(outcome(fast)).toBe('not-linearizable by 950000 µs');
    expect(outcome(reference)).toBe(outcome(fast));
    expect(fast.statesExplored).toBeLessThan(50);
    expect(reference.statesExplored).toBeGreaterThan(1_000);
  });
});
