import { stringify } from 'csv-stringify/sync';
import { expectCount } from '../harness/definition.js';
import { LatencyHistogram } from '../../sim/stats/latency-histogram.js';
import { type ExchangeKeeping, type MixedTrafficRun, type MixedTrafficShape, startMixedTraffic } from '../harness/mixed-traffic.js';
import { settledHeapMb } from './heap.js';

/**
 * The soak: ten million requests of the mixed traffic (graph queries included) with the trace off and every
 * exchange folded into the run's tally as it finishes, to show that a run's memory is bounded by what it
 * simulates at once, not by how long it runs. A fixed population, so that nothing grows with the clients:
 * 1,000 people, 10,000 requests each, about one a second (the whole soak is about 3 virtual hours, well
 * inside the 12-hour life of the sessions they log in with at the start). Each writes only its own note
 * slots and deletes what it adds, so the origin's notes stay the same size too. `--keep-exchanges` keeps
 * every exchange instead, to show what folding saves (gigabytes, at this length).
 */
export const soakShape: MixedTrafficShape = {
  clients: 1_000,
  requestsPerClient: 10_000,
  untilUs: Number.POSITIVE_INFINITY,
  meanThinkUs: 1_000_000,
  graphQueries: true,
  addedNotes: 'deleted',
};

/** How often, in virtual time, the run stops between events to read the process's RSS: about 1,000 readings in the soak. */
const rssSampleEveryUs = 10_000_000;
/** A progress line at most this often (wall clock): the soak takes minutes. */
const progressEveryMs = 10_000;

export interface SoakRow {
  readonly clients: number;
  readonly requests: number;
  readonly trace_mode: 'off';
  readonly exchanges: 'folded' | 'kept';
  /** Simulated events run. */
  readonly events: number;
  /** Virtual time at the end of the run, in ms. */
  readonly virtual_ms: number;
  readonly wall_ms: number;
  readonly requests_per_wall_second: number;
  readonly events_per_wall_second: number;
  /** The process's resident set before the run: Node, the loaded code, and whatever the bench ran before. */
  readonly rss_before_mb: number;
  /** The largest resident set read during the run (every `rssSampleEveryUs` of virtual time) and at its end. */
  readonly peak_rss_mb: number;
  /** Heap the finished run keeps alive (clients, origin, cache, tally), after a full collection, in MiB. */
  readonly heap_after_mb: number;
  /** Of the answered exchanges, from the folded histogram (three significant digits). */
  readonly latency_p50_ms: number;
  readonly latency_p99_ms: number;
  readonly latency_max_ms: number;
  readonly give_ups: number;
}

const columns: readonly (keyof SoakRow)[] = [
  'clients', 'requests', 'trace_mode', 'exchanges', 'events', 'virtual_ms', 'wall_ms', 'requests_per_wall_second', 'events_per_wall_second',
  'rss_before_mb', 'peak_rss_mb', 'heap_after_mb', 'latency_p50_ms', 'latency_p99_ms', 'latency_max_ms', 'give_ups',
];

function rssMb(): number {
  return process.memoryUsage().rss / 2 ** 20;
}

/** Runs the soak in slices of virtual time, reading the RSS between them; every request must be answered with a 2xx. */
export async function runSoak(onProgress: (line: string) => void, shape: MixedTrafficShape = soakShape, keeping: ExchangeKeeping = 'fold'): Promise<SoakRow> {
  const requests = shape.clients * shape.requestsPerClient;
  const baselineHeapMb = settledHeapMb();
  const rssBeforeMb = rssMb();
  let peakRssMb = rssBeforeMb;
  const startedMs = performance.now();
  let reportedMs = startedMs;
  const traffic = startMixedTraffic(shape, 'off', undefined, 1, keeping);
  const sim = traffic.sim;
  for (let untilUs = rssSampleEveryUs; sim.pending > 0; untilUs += rssSampleEveryUs) {
    await sim.run({ untilUs });
    const rss = rssMb();
    if (rss > peakRssMb) peakRssMb = rss;
    const nowMs = performance.now();
    if (nowMs - reportedMs >= progressEveryMs) {
      reportedMs = nowMs;
      const started = traffic.requestsStarted();
      onProgress(
        `soak · ${n(started)} / ${n(requests)} requests (${Math.floor((started / requests) * 100)} %) · ${n(sim.eventsRun)} events · ` +
          `${((nowMs - startedMs) / 1000).toFixed(0)} s · RSS ${rss.toFixed(0)} MB (peak ${peakRssMb.toFixed(0)})`,
      );
    }
  }
  const wallMs = performance.now() - startedMs;
  const run = traffic.result();
  const heapAfterMb = settledHeapMb() - baselineHeapMb;
  expectCount('soak: requests started', run.requestsStarted, requests);
  expectCount('soak: requests answered', run.responses, requests);
  expectCount('soak: requests that succeeded', run.successes, requests);
  const latency = (run.tally?.latency() ?? keptLatency(run)).summary();
  return {
    clients: shape.clients,
    requests,
    trace_mode: 'off',
    exchanges: keeping === 'fold' ? 'folded' : 'kept',
    events: sim.eventsRun,
    virtual_ms: Math.round(sim.nowUs / 1_000),
    wall_ms: Math.round(wallMs),
    requests_per_wall_second: Math.round(requests / (wallMs / 1_000)),
    events_per_wall_second: Math.round(sim.eventsRun / (wallMs / 1_000)),
    rss_before_mb: round1(rssBeforeMb),
    peak_rss_mb: round1(peakRssMb),
    heap_after_mb: round1(heapAfterMb),
    latency_p50_ms: latency.p50Ms,
    latency_p99_ms: latency.p99Ms,
    latency_max_ms: latency.maxMs,
    give_ups: run.tally?.giveUps ?? requests - run.responses,
  };
}

/** With `--keep-exchanges`, the same summary from the exchanges each client kept. */
function keptLatency(run: MixedTrafficRun): LatencyHistogram {
  const histogram = new LatencyHistogram();
  for (const client of run.topology.clients.values()) for (const x of client.exchanges) if (x.latencyUs !== undefined) histogram.record(x.latencyUs);
  return histogram;
}

function n(x: number): string {
  return x.toLocaleString('en-US');
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function soakCsv(rows: readonly SoakRow[]): string {
  return stringify(rows as SoakRow[], { header: true, columns: [...columns] });
}
