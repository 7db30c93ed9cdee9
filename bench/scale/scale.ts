import { stringify } from 'csv-stringify/sync';
import { defaultTraceBound, type TraceBound } from '../../sim/trace.js';
import { expectCount } from '../harness/definition.js';
import type { BenchOptions } from '../harness/harness.js';
import { type ExchangeKeeping, type MixedTrafficShape, runMixedTraffic } from '../harness/mixed-traffic.js';
import { settledHeapMb } from './heap.js';

/**
 * Step k has 10^k clients of the mixed traffic, 10 requests each (so 10^(k+1) requests, and notes written
 * and added in proportion), with the same think times: each step is ten times the last in every dimension
 * that grows with use, while the request mix and the per-client behaviour stay the same. Without graph
 * queries: one reads the same fixed demo data at any scale, so it would add time (a third of it) and nothing
 * that grows.
 *
 * Steps 1 to 4 keep every exchange, as a scenario does. Step 5 (whole runs only) is a million requests that
 * grow in length rather than in people: step 3's 1,000 clients making 1,000 requests each, every exchange
 * folded into the run's tally as it finishes, and the trace off. 100,000 clients of 10 requests took 32 s on
 * the 2-core machine, a third of the whole bench, as the heap filled with clients, their sessions, notes and
 * cached copies; a fixed population takes about 17 s. Its heap beside step 3's (the same people) is what a
 * million folded exchanges leave behind: the notes they added (the scale mix keeps them), and no exchange.
 * Its full trace would be ten million events, which says nothing the smaller steps do not.
 */
export interface ScaleStep {
  readonly step: number;
  readonly clients: number;
  readonly requestsPerClient: number;
  readonly exchanges: ExchangeKeeping;
}

const requestsPerClient = 10;
const meanThinkUs = 10_000_000;

export function scaleSteps(quick: boolean): ScaleStep[] {
  const kept = Array.from({ length: quick ? 3 : 4 }, (_, i): ScaleStep => ({ step: i + 1, clients: 10 ** (i + 1), requestsPerClient, exchanges: 'keep' }));
  return quick ? kept : [...kept, { step: 5, clients: 1_000, requestsPerClient: 1_000, exchanges: 'fold' }];
}

/** The trace modes a step runs: a folding step, the run without recording only. */
function modesOf(step: ScaleStep, modes: readonly ScaleTraceMode[]): readonly ScaleTraceMode[] {
  return step.exchanges === 'fold' ? modes.filter((mode) => mode === 'off') : modes;
}

/**
 * `full-unbounded` keeps every event, as the trace did before it had a bound: the rows beside `full` show the
 * memory the bound saves and how it would have grown.
 */
export type ScaleTraceMode = 'off' | 'full' | 'full-unbounded';
const traceModes: readonly ScaleTraceMode[] = ['off', 'full', 'full-unbounded'];
const unbounded: TraceBound = { firstEvents: Number.POSITIVE_INFINITY, lastEvents: 0 };

export interface ScaleRow {
  readonly step: number;
  readonly clients: number;
  readonly requests: number;
  readonly trace_mode: ScaleTraceMode;
  /** `kept`: every exchange stayed in memory to the end; `folded`: each went into the run's tally as it finished. */
  readonly exchanges: 'kept' | 'folded';
  /** Simulated events run (popped from the queue and acted on). */
  readonly events: number;
  readonly wall_ms: number;
  readonly events_per_wall_second: number;
  /** Heap the finished run keeps alive (origin state, exchanges, trace), after a full collection, in MiB. */
  readonly heap_mb: number;
  readonly heap_mb_per_10k_events: number;
  readonly trace_events: number;
  readonly kept_trace_events: number;
  readonly omitted_trace_events: number;
}

const columns: readonly (keyof ScaleRow)[] = [
  'step', 'clients', 'requests', 'trace_mode', 'exchanges', 'events', 'wall_ms', 'events_per_wall_second', 'heap_mb', 'heap_mb_per_10k_events',
  'trace_events', 'kept_trace_events', 'omitted_trace_events',
];

export interface ScaleResult {
  readonly rows: readonly ScaleRow[];
  readonly table: string;
}

function shapeOf(step: ScaleStep): MixedTrafficShape {
  return { clients: step.clients, requestsPerClient: step.requestsPerClient, untilUs: Number.POSITIVE_INFINITY, meanThinkUs, graphQueries: false };
}

/** One run of one step, timed and weighed; the run must answer every request it started. */
export async function measureScaleStep(step: ScaleStep, mode: ScaleTraceMode): Promise<ScaleRow> {
  const baselineMb = settledHeapMb();
  const startedMs = performance.now();
  const run = await runMixedTraffic(shapeOf(step), mode === 'off' ? 'off' : 'full', mode === 'full-unbounded' ? unbounded : defaultTraceBound, 1, step.exchanges);
  const wallMs = performance.now() - startedMs;
  const heapMb = settledHeapMb() - baselineMb;
  // Read after the heap reading, so the run is still alive when it is weighed.
  const requests = step.clients * step.requestsPerClient;
  expectCount(`scale step ${step.step}: requests answered`, run.responses, requests);
  const events = run.sim.eventsRun;
  const trace = run.trace;
  return {
    step: step.step,
    clients: step.clients,
    requests,
    trace_mode: mode,
    exchanges: step.exchanges === 'fold' ? 'folded' : 'kept',
    events,
    wall_ms: Math.round(wallMs),
    events_per_wall_second: Math.round(events / (wallMs / 1_000)),
    heap_mb: round1(heapMb),
    heap_mb_per_10k_events: Math.round((heapMb / (events / 10_000)) * 1_000) / 1_000,
    trace_events: trace.count,
    kept_trace_events: trace.count - trace.omittedEvents,
    omitted_trace_events: trace.omittedEvents,
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** `filter` matches `scale/<trace mode>`, e.g. `/scale\/off/` for the runs without recording. */
export async function runScale(options: BenchOptions): Promise<ScaleResult> {
  const modes = traceModes.filter((mode) => options.filter === undefined || new RegExp(options.filter.source, options.filter.flags.replace('g', '')).test(`scale/${mode}`));
  const steps = scaleSteps(options.quick);
  // The first step once per mode, unmeasured, so the JIT has seen the code before the first timed run.
  for (const mode of modes) await measureScaleStep(steps[0]!, mode);
  const rows: ScaleRow[] = [];
  for (const step of steps) {
    for (const mode of modesOf(step, modes)) {
      const row = await measureScaleStep(step, mode);
      rows.push(row);
      options.onProgress(
        `scale step ${step.step}/${steps.length} · ${step.clients.toLocaleString('en-US')} clients · trace ${mode} · exchanges ${row.exchanges} · ` +
          `${row.events.toLocaleString('en-US')} events in ${row.wall_ms.toLocaleString('en-US')} ms · heap ${row.heap_mb} MB`,
      );
    }
  }
  return { rows, table: scaleTable(rows) };
}

export function scaleCsv(rows: readonly ScaleRow[]): string {
  return stringify(rows as ScaleRow[], { header: true, columns: [...columns] });
}

export function scaleTable(rows: readonly ScaleRow[]): string {
  const head = ['step', 'clients', 'requests', 'trace', 'exchanges', 'events', 'wall ms', 'events/s', 'heap MB', 'MB/10k events', 'trace kept', 'omitted'];
  const n = (x: number): string => x.toLocaleString('en-US');
  const body = rows.map((r) => [
    String(r.step), n(r.clients), n(r.requests), r.trace_mode, r.exchanges, n(r.events), n(r.wall_ms), n(r.events_per_wall_second), r.heap_mb.toFixed(1),
    r.heap_mb_per_10k_events.toFixed(3), n(r.kept_trace_events), n(r.omitted_trace_events),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((cell, i) => (i === 3 || i === 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
