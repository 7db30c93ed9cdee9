import { describe, expect, it } from 'vitest';
import { graphQueriesPerRun, modesProblem, unitsPerRun } from './modes.js';
import { requestsPerRun } from './socket-requests.js';

describe('the modes bench:counts counts', () => {
  it('counts round-trip modes together and graph modes together, never the two kinds in one table', () => {
    expect([modesProblem(['off', 'hash', 'listener']), modesProblem(['jit', 'graph'])]).toEqual([undefined, undefined]);
    expect(modesProblem(['ceiling', 'get-origin', 'graph-nested-sample'])).toBeUndefined();
    expect(modesProblem(['jit', 'off'])).toMatch(/one kind at a time/);
    expect(modesProblem(['graph', 'get-origin'])).toMatch(/one kind at a time/);
    expect(modesProblem(['graph', 'trace'])).toMatch(/^--modes takes off, hash, full, fetch, listener, jit, graph, ceiling, get-origin, graph-nested-sample: got trace$/);
  });

  it('divides a graph mode by its queries, a socket mode by its requests and a round-trip mode by its round trips', () => {
    expect([unitsPerRun('graph'), unitsPerRun('ceiling'), unitsPerRun('off')]).toEqual([graphQueriesPerRun, requestsPerRun, 1_000]);
  });
});
