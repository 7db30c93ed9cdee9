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
  { scenario: 'notes-lossy-mixed', seed: 7, hash: '28e3f5adc4d174dbf2bb24ed575ffb8ee92b0b4433c1e8d921627a6ea9138498' },
  { scenario: 'notes-crash-after-effect', seed: 1, hash: '6b0d8a61691a565650b6c686e21165b9a5b0a9ccaf40a3344814ccff45da411f' },
  { scenario: 'notes-cache-write-then-read', seed: 1, hash: '147af61951a776cd53ff190edcfd693809b61ab2b65a7a35678f0108c9ff6ce6' },
  { scenario: 'graph-subscription', seed: 3, hash: '1ef90c1b6a5c633173949f45376c638b724e7da322f3edcadddb64ec1bcede63' },
  { scenario: 'latency-mix', seed: 11, hash: '20d066e59aa94edc623b521624acba3d957f26b411bc84d5ee01354565bf2bf6' },
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
