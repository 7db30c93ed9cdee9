import { describe, expect, it } from 'vitest';
import { builtin } from '../scenario/resolve.js';
import { runScenario } from '../scenario/run.js';
import { parseScenario, type ScenarioInput } from '../scenario/spec.js';
import { historyOfRun } from './history.js';
import { checkLinearizability } from './linearizability.js';

async function checkBuiltin(name: string, seed: number, trace: 'off' | 'full' = 'off') {
  const { spec } = builtin(name, seed);
  const run = await runScenario(name, spec, { seed, trace });
  return { run, result: checkLinearizability(historyOfRun(run)) };
}

async function checkSpec(input: ScenarioInput, seed = 1) {
  const run = await runScenario('inline', parseScenario(input), { seed, trace: 'off' });
  const history = historyOfRun(run);
  return { history, result: checkLinearizability(history) };
}

describe('runs of the built-in note scenarios are linearizable', () => {
  it.each(['notes-stable-put', 'notes-unstable-put', 'notes-unstable-delete', 'notes-unstable-post-keyed', 'notes-unstable-post-safe', 'notes-cache-write-then-read', 'notes-cache-hit'])(
    '%s',
    async (name) => {
      expect((await checkBuiltin(name, 1)).result).toMatchObject({ ok: true });
    },
  );

  it('notes-lossy-mixed, three clients colliding on four notes through loss, duplicates and jitter, seeds 1–18', async () => {
    const verdicts: string[] = [];
    for (let seed = 1; seed <= 18; seed++) {
      const { result } = await checkBuiltin('notes-lossy-mixed', seed);
      verdicts.push(result.ok ? 'ok' : `seed ${seed}: ${result.reason}\n${result.excerpt}`);
    }
    expect(verdicts.filter((v) => v !== 'ok')).toEqual([]);
  });
});

describe('the checker has teeth on real runs', () => {
  const writeThenRead = [
    { method: 'PUT', path: '/notes/1', body: { content: 'first' } },
    { method: 'GET', path: '/notes/1' },
    { method: 'PUT', path: '/notes/1', body: { content: 'second' } },
    { method: 'GET', path: '/notes/1' },
  ];

  it('a cache that does not invalidate on writes serves a stale read, and the excerpt names it', async () => {
    const { result } = await checkSpec({ modes: { cache: 'no-invalidation' }, steps: writeThenRead });
    if (result.ok) throw new Error('expected the stale read to be caught');
    expect(result).toMatchObject({ reason: 'not-linearizable', noteId: 1, operation: { kind: 'read', output: 'first' } });
    const marked = result.excerpt.split('\n').find((line) => line.startsWith('  ✗'));
    expect(marked).toMatch(/#4\s+client\s+read → "first"$/);
    expect(result.excerpt).toContain('the note then holds "second"');
    // The same steps through the RFC 9111 cache are fine: the failure is the broken cache, not the steps.
    expect((await checkSpec({ steps: writeThenRead })).result.ok).toBe(true);
  });

  it('a naive client\'s re-sent POST makes a note nobody created, which a read then shows', async () => {
    const { history, result } = await checkSpec({
      modes: { line: 'unstable', client: { policy: 'naive' } },
      steps: [{ method: 'POST', path: '/notes', body: { content: 'buy milk' } }, { method: 'GET', path: '/notes/1' }],
    });
    expect(history.map((op) => [op.kind, op.noteId, op.attempts])).toEqual([['create', 2, 2], ['read', 1, 2]]);
    expect(result).toMatchObject({ ok: false, reason: 'not-linearizable', noteId: 1, operation: { kind: 'read', output: 'buy milk' } });
  });
});
