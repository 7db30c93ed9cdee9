import { describe, expect, it } from 'vitest';
import { history } from './hand-made.js';
import { checkLinearizability, type LinearizabilityResult } from './linearizability.js';
import { noteRegister, type RegisterModel } from './register-model.js';

const check = (h: ReturnType<typeof history>, options = {}) => checkLinearizability(h.operations, options);

/** The id of the operation the checker could not place, or 'ok'. */
const verdict = (result: LinearizabilityResult) => (result.ok ? 'ok' : `${result.reason} at #${result.operation?.id ?? '?'}`);

describe('linearizable and non-linearizable histories of one note', () => {
  it('a stale read after an acknowledged write is caught; the same read overlapping the write is not', () => {
    const stale = history().write('alice', 1, 'a', [0, 10]).write('alice', 1, 'b', [20, 30]).read('bob', 1, 'a', [40, 50]);
    expect(verdict(check(stale))).toBe('not-linearizable at #3');
    const overlapping = history().write('alice', 1, 'a', [0, 10]).write('alice', 1, 'b', [20, 30]).read('bob', 1, 'a', [25, 50]);
    expect(verdict(check(overlapping))).toBe('ok');
  });

  it('a read of a value nobody wrote is caught', () => {
    expect(verdict(check(history().write('alice', 1, 'a', [0, 10]).read('bob', 1, 'z', [20, 30])))).toBe('not-linearizable at #2');
    expect(verdict(check(history().read('bob', 1, 'z', [0, 10])))).toBe('not-linearizable at #1');
    expect(verdict(check(history().read('bob', 1, null, [0, 10])))).toBe('ok'); // a note starts absent
  });

  it('concurrent writes may take effect in either order, but in one order for everybody', () => {
    const writes = () => history().write('alice', 1, 'a', [0, 100]).write('bob', 1, 'b', [10, 90]);
    expect(verdict(check(writes().read('carol', 1, 'a', [110, 120])))).toBe('ok');
    expect(verdict(check(writes().read('carol', 1, 'b', [110, 120])))).toBe('ok');
    // Seen as a, then b, after both completed: no single order gives both.
    expect(verdict(check(writes().read('carol', 1, 'a', [110, 120]).read('carol', 1, 'b', [130, 140])))).toBe('not-linearizable at #4');
    // While they are still running, a then b is a fine order.
    expect(verdict(check(writes().read('carol', 1, 'a', [20, 30]).read('carol', 1, 'b', [40, 50])))).toBe('ok');
  });

  it('an unknown write may show up at any later time, once, or never; not before it was invoked', () => {
    const later = history().write('alice', 1, 'a', [0, 10]).write('bob', 1, 'b', [20]).read('carol', 1, 'a', [30, 40]).read('carol', 1, 'b', [500, 510]);
    expect(verdict(check(later))).toBe('ok');
    const never = history().write('alice', 1, 'a', [0, 10]).write('bob', 1, 'b', [20]).read('carol', 1, 'a', [500, 510]);
    expect(verdict(check(never))).toBe('ok');
    const undone = history().write('alice', 1, 'a', [0, 10]).write('bob', 1, 'b', [20]).read('carol', 1, 'b', [30, 40]).read('carol', 1, 'a', [50, 60]);
    expect(verdict(check(undone))).toBe('not-linearizable at #4');
    const early = history().write('alice', 1, 'a', [0, 10]).read('carol', 1, 'b', [20, 30]).write('bob', 1, 'b', [40]);
    expect(verdict(check(early))).toBe('not-linearizable at #2');
  });

  it('delete then read is absent; a read of the deleted content afterwards is caught', () => {
    const deleted = () => history().write('alice', 1, 'a', [0, 10]).delete('bob', 1, 'deleted', [20, 30]);
    expect(verdict(check(deleted().read('carol', 1, null, [40, 50])))).toBe('ok');
    expect(verdict(check(deleted().read('carol', 1, 'a', [40, 50])))).toBe('not-linearizable at #3');
    // 204 says it was there: a delete answered 204 on a note nobody wrote is caught too.
    expect(verdict(check(history().delete('bob', 1, 'deleted', [0, 10])))).toBe('not-linearizable at #1');
  });

  it('a re-sent DELETE answered 404 was applied once; a first-attempt 404 on a present note is caught', () => {
    const resent = history().write('alice', 1, 'a', [0, 10]).delete('bob', 1, 'absent-after-resend', [20, 655], 2).read('carol', 1, null, [700, 710]);
    expect(verdict(check(resent))).toBe('ok');
    const firstTry = history().write('alice', 1, 'a', [0, 10]).delete('bob', 1, 'absent', [20, 155]).read('carol', 1, null, [700, 710]);
    expect(verdict(check(firstTry))).toBe('not-linearizable at #2');
    const stillThere = history().write('alice', 1, 'a', [0, 10]).delete('bob', 1, 'absent-after-resend', [20, 655], 2).read('carol', 1, 'a', [700, 710]);
    expect(verdict(check(stillThere))).toBe('not-linearizable at #3');
  });

  it('a create needs an absent note; a create nobody heard back from may explain a note on any id', () => {
    expect(verdict(check(history().create('alice', 5, 'x', [0, 10]).read('bob', 5, 'x', [20, 30])))).toBe('ok');
    expect(verdict(check(history().write('alice', 5, 'a', [0, 10]).create('bob', 5, 'x', [20, 30])))).toBe('not-linearizable at #2');
    const unknownCreate = history().create('alice', undefined, 'x', [0]).read('bob', 3, 'x', [100, 110]);
    expect(verdict(check(unknownCreate))).toBe('ok');
    expect(verdict(check(history().read('bob', 3, 'x', [100, 110])))).toBe('not-linearizable at #1');
  });

  it('a refused write has no effect', () => {
    const refused = () => history().write('alice', 1, 'a', [0, 10]).refusedWrite('bob', 1, 'b', [20, 30]);
    expect(verdict(check(refused().read('carol', 1, 'a', [40, 50])))).toBe('ok');
    expect(verdict(check(refused().read('carol', 1, 'b', [40, 50])))).toBe('not-linearizable at #3');
  });

  it('an invocation at the very microsecond of a completion comes after it', () => {
    const sameInstant = history().write('alice', 1, 'a', [0, 10]).write('alice', 1, 'b', [10, 20]).read('alice', 1, 'a', [20, 30]);
    expect(verdict(check(sameInstant))).toBe('not-linearizable at #3');
  });
});

describe('the report', () => {
  const twoBadNotes = () => history()
    .write('alice', 1, 'a', [0, 10]).read('alice', 1, 'z', [500, 510]) // note 1 goes wrong at 510 ms
    .write('bob', 2, 'b', [0, 10]).read('bob', 2, 'y', [100, 110]) // note 2 at 110 ms
    .write('carol', 3, 'c', [0, 10]).read('carol', 3, 'c', [20, 30]); // note 3 is fine

  it('searching every note, lists each that fails and names the one that shows a violation first on the clock', () => {
    const result = check(twoBadNotes(), { violations: 'all' });
    expect(result).toMatchObject({ ok: false, reason: 'not-linearizable', noteId: 2, operation: { id: 4, kind: 'read', output: 'y' } });
    if (result.ok || result.reason !== 'not-linearizable') throw new Error('expected a violation');
    expect(result.violations.map((v) => [v.noteId, v.operation.id])).toEqual([[1, 2], [2, 4]]);
  });

  it('by default stops at the first note that fails, in id order, and searches no further', () => {
    const result = check(twoBadNotes());
    expect(result).toMatchObject({ ok: false, reason: 'not-linearizable', noteId: 1, operation: { id: 2 }, violations: [{ noteId: 1 }] });
    // Note 1's search alone: one write placed, then the read of 'z' cannot be. The other notes are not searched.
    expect(result.statesExplored).toBe(check(history().write('alice', 1, 'a', [0, 10]).read('alice', 1, 'z', [500, 510])).statesExplored);
    expect(result.statesExplored).toBeLessThan(check(twoBadNotes(), { violations: 'all' }).statesExplored);
  });

  it('prints an operation as its model describes it: a compare-and-set as one, not as the write that carries it', () => {
    // A register with compare-and-set: a `write` carries `expected→new`, answered 200 when it swapped.
    const casRegister: RegisterModel = {
      ...noteRegister,
      step(state, op) {
        if (op.kind !== 'write') return noteRegister.step(state, op);
        const [expected, next] = op.input.split('→');
        return state === expected ? next! : undefined;
      },
      needs: undefined,
      leaves: undefined,
      describe: (op) => (op.kind === 'write' ? { call: `cas ${op.input.split('→').map((v) => JSON.stringify(v)).join(' → ')}`, answer: 'swapped' } : { call: op.kind, answer: JSON.stringify(op.output) }),
    };
    const h = history().create('alice', 1, 'a', [0, 10]).write('bob', 1, 'b→c', [20, 30]);
    const result = check(h, { model: casRegister });
    if (result.ok) throw new Error('expected a violation: the note held "a", so "b" could not be swapped');
    expect(result.excerpt).toContain('#2    bob      cas "b" → "c" → swapped');
    expect(result.excerpt).toContain('(1 placed): #1 create; the note then holds "a"');
    expect(check(history().write('alice', 1, 'a→x', [0, 10]).read('bob', 1, 'x', [20, 30]), { model: casRegister })).toMatchObject({ ok: false });
    const fine = history().create('alice', 1, 'a', [0, 10]).write('bob', 1, 'a→c', [20, 30]).read('carol', 1, 'c', [40, 50]);
    expect(check(fine, { model: casRegister }).ok).toBe(true);
  });

  it('prints a timeline of the note with the operation marked and the longest linearization found', () => {
    const h = history().write('alice', 1, 'first', [0, 135.612]).write('alice', 1, 'second', [135.612, 271.224]).write('bob', 1, 'x', [400]).read('alice', 1, 'first', [271.224, 391.332]);
    const result = check(h);
    if (result.ok) throw new Error('expected a violation');
    expect(result.excerpt).toBe(
      [
        'note 1: 4 operations; times in ms; ✗ = cannot be linearized',
        '         invoke    complete  op    client   operation',
        '          0.000     135.612  #1    alice    write "first" → 200',
        '        135.612     271.224  #2    alice    write "second" → 200',
        '  ✗     271.224     391.332  #4    alice    read → "first"',
        '     … 1 later operations not shown',
        'longest linearization found before #4 completes (2 placed): #1 write "first", #2 write "second"; the note then holds "second"',
      ].join('\n'),
    );
  });

  it('says when a bound stopped the search instead of passing silently', () => {
    const h = history().write('alice', 1, 'a', [0, 10]).read('bob', 1, 'a', [20, 30]).read('bob', 1, 'a', [40, 50]);
    expect(check(h, { maxOperationsPerNote: 2 })).toMatchObject({ ok: false, reason: 'bound-exceeded', noteId: 1, bound: '3 operations > maxOperationsPerNote 2' });
    expect(check(h, { maxStatesPerNote: 2 })).toMatchObject({ ok: false, reason: 'bound-exceeded', bound: 'more than maxStatesPerNote 2 states' });
    expect(check(h)).toMatchObject({ ok: true, notes: 1, statesExplored: 3 });
  });
});
