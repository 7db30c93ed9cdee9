import { describe, expect, it } from 'vitest';
import { builtinScenarios } from './catalog.js';
import { allHeld, judge } from './expectations.js';
import type { GuestRunResult } from './result.js';
import { builtin } from './resolve.js';
import { runScenario } from './run.js';

async function run(name: string, seed = 1) {
  const { spec } = builtin(name, seed);
  return { spec, result: await runScenario(name, spec, { seed, trace: 'off' }) };
}

describe('every built-in scenario says what it demonstrates', () => {
  it.each(builtinScenarios.map((s) => s.name))('%s, seed 1: every expectation holds', async (name) => {
    const { spec, result } = await run(name);
    const verdicts = judge(spec.expect, result);
    expect(verdicts.length).toBeGreaterThan(0);
    expect(verdicts.filter((v) => !v.held)).toEqual([]);
  });

  it('notes-lossy-mixed holds on seeds whose statuses differ, because it expects only what every seed must show', async () => {
    for (const seed of [2, 3]) {
      const { spec, result } = await run('notes-lossy-mixed', seed);
      expect(allHeld(judge(spec.expect, result)), `seed ${seed}`).toBe(true);
    }
  });
});

describe('judge', () => {
  it('nothing expected, nothing judged: an empty list, which holds', async () => {
    const { result } = await run('notes-unstable-post');
    expect(judge(undefined, result)).toEqual([]);
    expect(allHeld([])).toBe(true);
  });

  it('says what was expected and what happened, one verdict per expectation in the format\'s order', async () => {
    const { result } = await run('notes-unstable-post');
    const verdicts = judge({ linearizable: true, notes: 1, statuses: [200], finalState: { '/notes/1/content': 'buy milk', '/notes/2': null } }, result);
    expect(verdicts).toEqual([
      { expectation: 'statuses', held: false, expected: [200], actual: [201], detail: 'expected [200], got [201]: step 1 (POST /notes) got 201, not 200' },
      { expectation: 'notes', held: false, expected: 1, actual: 2, detail: 'expected 1, got 2 notes at the end' },
      { expectation: 'finalState /notes/1/content', held: true, expected: 'buy milk', actual: 'buy milk', detail: '"buy milk"' },
      { expectation: 'finalState /notes/2', held: false, expected: null, actual: null, detail: 'expected null, but the final state has nothing at "/notes/2"' },
      // One operation, the create, about the note its answer names (2): the first copy's note was never named.
      { expectation: 'linearizable', held: true, expected: true, actual: true, detail: 'the operations on 1 note are linearizable' },
    ]);
  });

  it('a stale read through the broken cache fails "linearizable": true, with the checker\'s excerpt', async () => {
    const { result } = await run('notes-cache-no-invalidation');
    const [verdict] = judge({ linearizable: true }, result);
    expect(verdict).toMatchObject({ expectation: 'linearizable', held: false, actual: false });
    expect(verdict!.detail).toMatch(/^note 1 is not linearizable\n/);
    expect(verdict!.detail).toContain('the note then holds "second"');
  });

  it('noServerErrors counts 5xx responses, and no response is not one', async () => {
    const { result } = await run('notes-unstable-post-safe'); // its one step has no response
    expect(judge({ noServerErrors: true }, result)[0]).toMatchObject({ held: true, detail: 'no response was a 5xx' });
    const failing = { ...result, summary: result.summary.map((x) => ({ ...x, status: 503 })) };
    expect(judge({ noServerErrors: true }, failing)[0]).toEqual({
      expectation: 'noServerErrors', held: false, expected: true, actual: false, detail: 'expected none, but 1 response was a 5xx: step 1 (POST /notes) got 503',
    });
    expect(judge({ noServerErrors: false }, failing)[0]).toMatchObject({ held: true });
  });

  it('atMostOneEffectPerKey fails when a keyed POST left two notes (the record written behind its effect, lost in a crash), and holds when the record is committed with it', async () => {
    const { result: behind } = await run('notes-crash-after-effect-write-behind');
    expect(judge({ atMostOneEffectPerKey: true }, behind)[0]).toEqual({
      expectation: 'atMostOneEffectPerKey', held: false, expected: true, actual: false,
      detail: 'expected at most one effect per key, but a keyed request took effect twice: client\'s POST /notes sent "buy milk" once, and 2 notes hold it',
    });
    const { result: withEffect } = await run('notes-crash-after-effect');
    expect(judge({ atMostOneEffectPerKey: true }, withEffect)[0]).toMatchObject({ held: true, detail: 'each of 1 keyed POST took effect at most once' });
    // Not keyed, so not judged: the naive client's second note has no key to be counted against.
    const { result: naive } = await run('notes-unstable-post');
    expect(naive.finalState.notesCount).toBe(2);
    expect(judge({ atMostOneEffectPerKey: true }, naive)[0]).toMatchObject({ held: true, detail: 'each of 0 keyed POSTs took effect at most once' });
  });

  it('on a guest\'s run, finalState looks in what its state() said, and notes is not apisim\'s to count', async () => {
    const { result } = await run('notes-stable-post');
    const guest: GuestRunResult = { ...result, guestState: { notes: [{ id: 'a', text: 'buy milk' }] }, notVirtual: [], appOutput: { lines: [], omitted: 0 } };
    expect(judge({ finalState: { '/notes/0/text': 'buy milk', '': { notes: [{ id: 'a', text: 'buy milk' }] } } }, guest).map((v) => v.held)).toEqual([true, true]);
    expect(judge({ notes: 1 }, guest)[0]).toMatchObject({ held: false, actual: null });
    const stateless: GuestRunResult = { ...guest, guestState: undefined };
    expect(judge({ finalState: { '': {} } }, stateless)[0]).toMatchObject({ held: false, detail: expect.stringContaining('exports no state(app)') as unknown });
  });
});
