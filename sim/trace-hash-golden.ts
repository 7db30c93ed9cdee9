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
  { scenario: 'notes-lossy-mixed', seed: 7, hash: '982b822b7a290d7b54f2538679e7d8b33dd4874fc1b0a1834de97ee1f599b863' },
  { scenario: 'notes-crash-after-effect', seed: 1, hash: '9c110fcb021dc80c23830ad04a05484207c048d6c990676ee892e4d018aee05d' },
  { scenario: 'notes-cache-write-then-read', seed: 1, hash: 'a025da18f7de24d768ab6925eae22ea9dc02f44a4dcd2c2b9aca9eb859547001' },
  { scenario: 'graph-subscription', seed: 3, hash: 'ea91c680f0830fc341a7417c11963942985fbe202cc45f2517ec0fdc569d78a6' },
  { scenario: 'latency-mix', seed: 11, hash: '01090caddb9ecf658cd457e44c3412355aac99635f77ae0f2140c3bb341eca50' },
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
