import { describe, expect, it } from 'vitest';
import { builtinScenarios } from './scenario/catalog.js';
import { builtin } from './scenario/resolve.js';
import { runScenario } from './scenario/run.js';
import type { TraceMode } from './trace.js';

const hashOf = async (name: string, seed: number, trace: TraceMode = 'hash') => {
  const { spec } = builtin(name, seed);
  return (await runScenario(name, spec, { seed, trace })).traceHash;
};

describe('determinism: one seed decides everything', () => {
  it.each(builtinScenarios.map((s) => s.name))('%s replays to the same trace hash', async (name) => {
    for (const seed of [1, 2, 99]) expect(await hashOf(name, seed)).toBe(await hashOf(name, seed));
  });

  it('hashes the same whether the trace is kept in memory or only hashed', async () => {
    expect(await hashOf('notes-lossy-mixed', 4, 'full')).toBe(await hashOf('notes-lossy-mixed', 4, 'hash'));
  });

  it('different seeds under random faults give different traces', async () => {
    const hashes = new Set<string>();
    for (let seed = 1; seed <= 8; seed++) hashes.add(await hashOf('notes-lossy-mixed', seed));
    expect(hashes.size).toBe(8);
  });

  it('a scenario with no randomness gives the same trace for every seed', async () => {
    expect(await hashOf('notes-unstable-post', 1)).toBe(await hashOf('notes-unstable-post', 12345));
  });

  it('the lossy scenario really loses, duplicates and re-sends (so the seeds above have something to decide)', async () => {
    const { spec } = builtin('notes-lossy-mixed', 3);
    const result = await runScenario('notes-lossy-mixed', spec, { seed: 3 });
    const kinds = new Set(result.trace.events.map((e) => e.kind));
    for (const kind of ['drop', 'resend', 'timeout'] as const) expect(kinds).toContain(kind);
    expect(result.trace.events.some((e) => e.note.startsWith('duplicate'))).toBe(true);
  });
});
