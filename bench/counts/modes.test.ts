import { describe, expect, it } from 'vitest';
import { graphQueriesPerRun, modesProblem, unitsPerRun } from './modes.js';

describe('the modes bench:counts counts', () => {
  it('counts round-trip modes together and graph modes together, never the two kinds in one table', () => {
    expect([modesProblem(['off', 'hash', 'listener']), modesProblem(['jit', 'graph'])]).toEqual([undefined, undefined]);
    expect(modesProblem(['jit', 'off'])).toMatch(/one kind at a time/);
    expect(modesProblem(['graph', 'trace'])).toMatch(/^--modes takes off, hash, full, fetch, listener, jit, graph: got trace$/);
  });

  it('divides a graph mode by its queries and a round-trip mode by its round trips', () => {
    expect([unitsPerRun('graph'), unitsPerRun('off')]).toEqual([graphQueriesPerRun, 1_000]);
  });
});
