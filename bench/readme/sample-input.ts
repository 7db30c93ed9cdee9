import { LatencyHistogram } from '../../sim/stats/latency-histogram.js';
import type { HarnessRow, LatencyDistributionRow, LocalReadmeInput, ReportsReadmeInput, ScaleRow, ScenarioSummaryRow, SoakRow, SweepInput, SweepOutcomeRow } from './input.js';

/**
 * Made-up rows in the shape the bench writes, for the tests and for `preview.ts`. The numbers are plausible,
 * not measured: nothing here is a result.
 */
const summary = (scenario: string, variant: string, values: Partial<ScenarioSummaryRow>): ScenarioSummaryRow => {
  const exchanges = values.exchanges ?? 1;
  const span = values.span_ms === undefined ? 135.48 : values.span_ms;
  // One exchange's latency is the span; of several, the sample takes the span's share, which is plausible enough.
  const each = span === null ? null : Math.round((span / exchanges) * 1000) / 1000;
  return {
    scenario, variant, exchanges, round_trips: 1, request_bytes: 0, response_bytes: 0, span_ms: span, exchange_latency_mean_ms: each,
    exchange_latency_max_ms: each, origin_requests: 1, cache_hits: 0, state_figure: 'notes_count', state_value: '1', ...values,
  };
};

export const sampleSummaries: readonly ScenarioSummaryRow[] = [
  summary('notes', 'put-unstable', { request_bytes: 40, response_bytes: 27, span_ms: 635.188, round_trips: 2, origin_requests: 2 }),
  summary('notes', 'post-naive-unstable', { request_bytes: 44, response_bytes: 58, span_ms: 635.204, round_trips: 2, origin_requests: 2, state_value: '2' }),
  summary('notes', 'post-safe-unstable', { request_bytes: 22, response_bytes: 29, span_ms: null, round_trips: 1, state_value: '1' }),
  summary('notes', 'post-keyed-unstable', { request_bytes: 44, response_bytes: 58, span_ms: 635.204, round_trips: 2, origin_requests: 2, state_value: '1' }),
  summary('orders', 'owner-check-session', { exchanges: 4, round_trips: 4, request_bytes: 31, response_bytes: 612, span_ms: 541.9, origin_requests: 4, state_figure: 'order_121_address', state_value: '1 Alice Way' }),
  summary('orders', 'login-only-session', { exchanges: 4, round_trips: 4, request_bytes: 31, response_bytes: 540, span_ms: 541.6, origin_requests: 4, state_figure: 'order_121_address', state_value: '9 Bob Street' }),
  summary('graph-vs-rest', 'rest-waterfall', { exchanges: 5, round_trips: 5, request_bytes: 0, response_bytes: 2210, span_ms: 685.2, origin_requests: 5, state_figure: 'posts_count', state_value: '6' }),
  summary('graph-vs-rest', 'rest-parallel', { exchanges: 5, round_trips: 5, request_bytes: 0, response_bytes: 2210, span_ms: 279.6, origin_requests: 5, state_figure: 'posts_count', state_value: '6' }),
  summary('graph-vs-rest', 'graph-post', { round_trips: 1, request_bytes: 141, response_bytes: 402, span_ms: 137.2, state_figure: 'posts_count', state_value: '6' }),
  summary('graph-vs-rest', 'graph-persisted-cold', { round_trips: 1, request_bytes: 0, response_bytes: 402, span_ms: 136.6, state_figure: 'posts_count', state_value: '6' }),
  summary('graph-vs-rest', 'graph-persisted-warm', { round_trips: 1, request_bytes: 0, response_bytes: 402, span_ms: 121.6, origin_requests: 0, cache_hits: 1, state_figure: 'posts_count', state_value: '6' }),
];

const harnessRow = (benchmark: string, variant: string, reference: string, ratio: number, opsPerSecond: number): HarnessRow => ({
  benchmark, variant, unit: benchmark === 'queue events' ? 'events_per_second' : 'round_trips_per_second', ops_per_second: opsPerSecond,
  ratio_to_reference: ratio, reference_variant: reference, mean_ms_per_iteration: 12.5, rme_percent: 1.8, samples: 40,
});

export const sampleHarness: readonly HarnessRow[] = [
  harnessRow('queue events', 'reference heap', 'reference heap', 1, 9_800_000),
  harnessRow('queue events', 'harness simulation', 'reference heap', 0.612, 6_000_000),
  harnessRow('round trips', 'reference loop', 'reference loop', 1, 120_000),
  harnessRow('round trips', 'harness trace off', 'reference loop', 0.412, 49_440),
  harnessRow('round trips', 'harness trace hash', 'reference loop', 0.301, 36_120),
  harnessRow('round trips', 'harness trace full', 'reference loop', 0.255, 30_600),
];

export const sampleScale: readonly ScaleRow[] = [1, 10, 100].map((clients, i) => ({
  step: i + 1, clients, requests: clients * 100, trace_mode: 'hash', exchanges: i < 2 ? 'kept' : 'folded', events: clients * 1_000, wall_ms: clients * 9.5,
  events_per_wall_second: 105_263, heap_mb: 40 + clients * 0.5, kept_trace_events: 0,
}));

export const sampleSoak: SoakRow = {
  clients: 1_000, requests: 10_000_000, trace_mode: 'off', exchanges: 'folded', events: 56_500_000, virtual_ms: 13_000_000, wall_ms: 300_000,
  requests_per_wall_second: 33_333, events_per_wall_second: 188_333, rss_before_mb: 107.4, peak_rss_mb: 229.5, heap_after_mb: 7.9,
  latency_p50_ms: 135.423, latency_p99_ms: 139.007, latency_max_ms: 139.007, give_ups: 0,
};

const outcome = (target: string, faults: string, seed: number, failing = false): SweepOutcomeRow => ({
  seed, target, faults, verdict: failing ? 'fail' : 'pass', findings: failing ? ['linearizable: note 2 is not linearizable'] : [], exchanges: 9, noResponse: faults === 'loss=10%' ? 1 : 0,
  counterexample: failing ? `reports/counterexamples/sweep/${target}-seed-${seed}.json` : '',
  replay: failing ? `npm run sim -- --file reports/counterexamples/sweep/${target}-seed-${seed}.json --seed ${seed}` : faults === 'as-written' ? `npm run sim -- ${target} --seed ${seed}` : '',
});

/** A histogram of `count` exchanges at the clean line's latency, and `resent` of them one client timeout (500 ms) later. */
const latencyRow = (faults: string, request: string, count: number, resent: number, noResponse: number): LatencyDistributionRow => {
  const histogram = new LatencyHistogram();
  for (let i = 0; i < count; i++) histogram.record(i < resent ? 635_295 : 135_295);
  return { target: 'latency-mix', faults, request, histogram, noResponse };
};

export const sampleSweep: SweepInput = {
  outcomes: [
    ...['none', 'loss=1%', 'loss=5%', 'loss=10%'].flatMap((faults) => [1, 2, 3, 4].map((seed) => outcome('latency-mix', faults, seed))),
    ...[1, 2, 3, 4, 5].map((seed) => outcome('notes-lossy-mixed', 'as-written', seed, seed === 3)),
  ],
  latencies: ['none', 'loss=1%', 'loss=5%', 'loss=10%'].flatMap((faults, i) =>
    ['POST /graphql keyed', 'POST /notes keyed', 'PUT /notes/{id} keyed'].map((request) => latencyRow(faults, request, 12, [0, 1, 2, 3][i]!, i === 3 ? 1 : 0)),
  ),
  counterexampleSteps: new Map([['notes-lossy-mixed-seed-3.json', 2]]),
};

export const sampleInput: ReportsReadmeInput = {
  summaries: sampleSummaries,
  sweep: sampleSweep,
  diagrams: [
    { title: 'POST on an unstable line, naive client', scenario: 'notes-unstable-post', mermaid: 'sequenceDiagram\n  participant client\n  participant cache\n  client->>cache: POST /notes' },
  ],
  charts: [
    { file: 'charts/latency.svg', title: 'Latency per exchange, by variant, with each variant\'s span' },
    { file: 'charts/bytes.svg', title: 'Bytes per variant' },
  ],
};

export const sampleLocalInput: LocalReadmeInput = {
  harness: sampleHarness,
  scale: sampleScale,
  soak: sampleSoak,
  machine: {
    node_version: 'v20.20.2', platform: 'linux', arch: 'x64', cpu_model: 'Example CPU @ 2.00GHz', cpu_count: 2, total_memory_gib: 23.4, node_flags: '--expose-gc --min-semi-space-size=16 --import tsx',
    run_at: '2000-01-01T00:00:00.000Z',
  },
  charts: [{ file: 'charts/harness.svg', title: 'Simulator speed' }],
  command: 'npm run bench -- --quick',
  quick: true,
};
