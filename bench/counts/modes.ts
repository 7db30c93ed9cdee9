import { benchmarkWorkloadShape } from '../harness/workload.js';
import { requestsPerRun } from './socket-requests.js';

/** Queries of the nested sample in one run of a graph mode: a warm query costs about what ten round trips do. */
export const graphQueriesPerRun = 100;

/**
 * What `npm run bench:counts` can count, and what one unit of each is. Round-trip modes and graph modes count
 * different things, so one invocation counts modes of one kind: the first is the base the others are divided by.
 */
export const countModes = {
  off: 'round trip', hash: 'round trip', full: 'round trip', fetch: 'round trip', listener: 'round trip',
  jit: 'query', graph: 'query',
  ceiling: 'request', 'get-origin': 'request', 'graph-nested-sample': 'request',
} as const;

export type CountMode = keyof typeof countModes;

/** How many units one run of `mode` does. */
export function unitsPerRun(mode: CountMode): number {
  const unit = countModes[mode];
  return unit === 'query' ? graphQueriesPerRun : unit === 'request' ? requestsPerRun : benchmarkWorkloadShape.clients * benchmarkWorkloadShape.roundTripsPerClient;
}

/** Why a list of modes cannot be counted together, or undefined when it can. */
export function modesProblem(modes: readonly string[]): string | undefined {
  const unknown = modes.filter((mode) => !Object.hasOwn(countModes, mode));
  if (unknown.length > 0) return `--modes takes ${Object.keys(countModes).join(', ')}: got ${unknown.join(', ')}`;
  const units = new Set(modes.map((mode) => countModes[mode as CountMode]));
  if (units.size > 1) {
    return '--modes counts one kind at a time: round trips (off, hash, full, fetch, listener), graph queries (jit, graph) or requests over a socket (ceiling, get-origin, graph-nested-sample)';
  }
  return undefined;
}
