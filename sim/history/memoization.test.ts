import { describe, expect, it } from 'vitest';
import { history } from './hand-made.js';
import { checkLinearizability } from './linearizability.js';
import { referenceSearch } from './reference-search.js';
import { noteRegister } from './register-model.js';

/** The register without what lets the search cut dead ends early: the memo alone, as these tests measure it. */
const memoOnly = { model: { ...noteRegister, needs: undefined, leaves: undefined } };

/** Every operation overlaps every other: the search may try them in any of n! orders. */
function concurrentWrites(count: number) {
  const h = history();
  for (let i = 1; i <= count; i++) h.write(`c${i}`, 1, `v${i}`, [i, 1000 - i]);
  return h;
}

describe('Porcupine\'s memo keeps a 12-operation concurrent history small', () => {
  it('11 concurrent writes and a read of a value none wrote: every order fails, the memo visits each (set, state) once', () => {
    const h = concurrentWrites(11).read('reader', 1, 'never written', [5, 990]);
    const memo = checkLinearizability(h.operations, memoOnly);
    expect(memo).toMatchObject({ ok: false, reason: 'not-linearizable', operation: { id: 12 } });
    // Sets of placed writes × which of them came last: 11 × 2^10 = 11,264 states, not the ~10^8 orders.
    expect(memo.statesExplored).toBe(11 * 2 ** 10);
    const noMemo = checkLinearizability(h.operations, { ...memoOnly, memoize: false, maxStatesPerNote: 1_000_000 });
    expect(noMemo).toMatchObject({ ok: false, reason: 'bound-exceeded' });
  });

  it('6 concurrent writes and 6 reads one after another during them, that fit only the reverse of the call order', () => {
    const h = history();
    // Reads see v6, v5, ..., v1 one after another: only w6 r w5 r ... w1 r fits, the reverse of the call order.
    for (let i = 1; i <= 6; i++) h.write(`w${i}`, 1, `v${i}`, [i, 1000 - i]);
    for (let i = 6; i >= 1; i--) h.read('reader', 1, `v${i}`, [10 + (6 - i) * 100, 10 + (6 - i) * 100 + 50]);
    // Just in time, each read is due first and a write that lets it pass is tried first: one state per
    // operation, with or without the memo. Placing writes in call order, the old search needed 384 and 4,514.
    expect(checkLinearizability(h.operations)).toMatchObject({ ok: true, statesExplored: 12 });
    expect(checkLinearizability(h.operations, { memoize: false })).toMatchObject({ ok: true, statesExplored: 12 });
    const options = { memoize: true, maxStates: 1_000_000 };
    expect(referenceSearch(h.operations, noteRegister, options)).toMatchObject({ verdict: 'linearizable', statesExplored: 384 });
    expect(referenceSearch(h.operations, noteRegister, { ...options, memoize: false })).toMatchObject({ verdict: 'linearizable', statesExplored: 4_514 });
  });

  it('the memo is what makes the difference: 8 concurrent writes and an impossible read', () => {
    const h = concurrentWrites(8).read('reader', 1, 'never written', [5, 990]);
    const memo = checkLinearizability(h.operations, memoOnly).statesExplored;
    const noMemo = checkLinearizability(h.operations, { ...memoOnly, memoize: false }).statesExplored;
    expect(memo).toBe(8 * 2 ** 7); // 1,024
    expect(noMemo).toBe(109_600); // every ordered subset of 8 writes, the empty one aside: Σ 8!/(8-k)!
  });
});
