import { builtin } from './scenario/resolve.js';
import { runScenario } from './scenario/run.js';

/** A scenario and seed whose trace hash is pinned: `sim/trace-hash.test.ts` in CI, `npm run cross-node-hashes` across Node versions. */
export interface GoldenTrace {
  readonly scenario: string;
  readonly seed: number;
  readonly hash: string;
}

/**
 * Chosen to cover most kinds of event and field: random faults (drop, duplicate, re-send, timeout), a crash
 * and restart, cache decisions, graph frames over a socket (buffer boundaries, long and non-ASCII strings
 * are `sim/trace-hash.test.ts`'s business). A change to the trace's encoding changes all of them, on
 * purpose: change them together.
 */
export const goldenTraces: readonly GoldenTrace[] = [
  { scenario: 'notes-lossy-mixed', seed: 7, hash: 'acd8f9a6e125d77aeeed9f6b5d6f5bb36d0378be3d848e8be1bbb868603f3418' },
  { scenario: 'notes-crash-after-effect', seed: 1, hash: '47b79dc554818b69e01fe9577e63bb4a4c28e718789d0ed5a60aa06dd9527b73' },
  { scenario: 'notes-cache-write-then-read', seed: 1, hash: '1c9509ef278baa37271b80e71f627fffc8998509dbe6ff2a440091dd6b3e4982' },
  { scenario: 'graph-subscription', seed: 3, hash: 'c5b6fad9212f775252d110dbd16883b56a17458d10c9dd1c58212d296005ffc0' },
  { scenario: 'latency-mix', seed: 11, hash: '6471dac81359114659dcd7e2725a2042d8c739ccc72d8417ee658f2396353786' },
];

/** Each golden scenario's hash as this Node computes it, in the order of `goldenTraces`. */
export async function computedGoldenHashes(): Promise<GoldenTrace[]> {
  const computed: GoldenTrace[] = [];
  for (const { scenario, seed } of goldenTraces) {
    const { spec } = builtin(scenario, seed);
    computed.push({ scenario, seed, hash: (await runScenario(scenario, spec, { seed, trace: 'hash' })).traceHash });
  }
  return computed;
}
