import { writeFile } from 'node:fs/promises';
import type { Exchange } from '../../../sim/exchange.js';
import type { TraceEvent } from '../../../sim/trace-event.js';
import { messageArgs } from './message-args.js';
import { messageText } from './timeline.js';

/**
 * A run's trace in the Chrome Trace Event Format, for Perfetto (ui.perfetto.dev) or chrome://tracing.
 *
 * - One process per run; one thread per node (clients in order of appearance, then the cache, the origin).
 * - A message's transmission is a complete slice (`X`, `dur` = its serialization time) on the sender's
 *   thread; its arrival is a zero-length slice on the receiver's, and a flow arrow joins the two.
 * - The whole hop, send to arrival (queue, serialization, propagation), is an async slice named after the
 *   direction (`client → cache`), so every direction of every link gets a track of bars.
 * - The origin's handling of a request is a slice from its arrival to the answer.
 * - Losses, timeouts, re-sends, cache decisions, alerts and completions are instants.
 * - Given the run's exchanges, a client's send of a request carries its headers and body as args, and its
 *   `done` instant the response's (`request_headers`, `request_body`, `response_headers`, `response_body`).
 *
 * Virtual microseconds are the format's microseconds, so `ts` is the simulator's clock unchanged.
 */
export interface ChromeTrace {
  /** First, because Perfetto only honours it near the start of the file. */
  readonly displayTimeUnit: 'ms';
  readonly traceEvents: readonly ChromeTraceEvent[];
  /** After `traceEvents`, so a reader that stops at a key it does not know has read every event already. */
  readonly otherData: { readonly generator: 'apisim'; readonly scenario: string; readonly seed: number };
}

/** Scalars only: older Perfetto importers reject an event that holds an array. */
export type ChromeArgs = Readonly<Record<string, string | number>>;

export interface ChromeTraceEvent {
  readonly name: string;
  readonly ph: 'M' | 'X' | 'i' | 'b' | 'e';
  /** Absent only on metadata. */
  readonly ts?: number;
  readonly pid: number;
  readonly tid: number;
  readonly cat?: string;
  readonly dur?: number;
  /** Instant scope: `t`, the thread. */
  readonly s?: 't';
  /** Async slices: pairs a `b` with its `e`. */
  readonly id?: string;
  /** Flow v2: one `flow_out` slice and one `flow_in` slice with the same `bind_id` are joined by an arrow. */
  readonly bind_id?: number;
  readonly flow_out?: true;
  readonly flow_in?: true;
  readonly args?: ChromeArgs;
}

export interface ChromeTraceMeta {
  readonly scenario: string;
  readonly seed: number;
}

const pid = 1;
/** Threads start above the pid: a tid equal to the pid is the process's main thread to Perfetto. */
const firstTid = pid + 1;
const infrastructure = ['cache', 'origin'];

/** A slice or instant waiting for its thread: overlapping slices of one node are spread over lanes. */
interface Placed {
  readonly node: string;
  event: Omit<ChromeTraceEvent, 'pid' | 'tid' | 'ts'> & { readonly ts: number };
  lane: number;
}

export function chromeTrace(events: readonly TraceEvent[], meta: ChromeTraceMeta, exchanges: readonly Exchange[] = []): ChromeTrace {
  const said = messageArgs(exchanges);
  const placed: Placed[] = [];
  const put = (node: string, event: Placed['event']): Placed => {
    const p = { node, event, lane: 0 };
    placed.push(p);
    return p;
  };
  const inFlight = new Map<string, { send: TraceEvent; transmit: Placed; hop: number }[]>();
  const atOrigin = new Map<string, TraceEvent[]>();
  let hops = 0;

  for (const e of events) {
    const args = argsOf(e);
    switch (e.kind) {
      case 'send': {
        const transmit = put(e.from, {
          name: `send ${messageText(e)}`, cat: 'transmit', ph: 'X', ts: e.atUs + e.queuedUs, dur: e.transmitUs,
          args: { ...args, link: e.link, queued_us: e.queuedUs, transmit_us: e.transmitUs, ...said(e) },
        });
        const key = hopKey(e);
        inFlight.set(key, [...(inFlight.get(key) ?? []), { send: e, transmit, hop: ++hops }]);
        break;
      }
      case 'deliver':
      case 'drop': {
        const [sent, ...rest] = inFlight.get(hopKey(e)) ?? [];
        if (sent !== undefined) inFlight.set(hopKey(e), rest);
        const lost = e.kind === 'drop';
        if (sent !== undefined) {
          // The flow is bound only once both ends are known, so no arrow ever points nowhere.
          if (!lost) sent.transmit.event = { ...sent.transmit.event, bind_id: sent.hop, flow_out: true };
          const hopName = `${e.from} → ${e.to}`;
          const id = String(sent.hop);
          put(e.to, { name: hopName, cat: 'hop', ph: 'b', ts: sent.send.atUs, id, args: { ...argsOf(sent.send), link: sent.send.link } });
          put(e.to, { name: hopName, cat: 'hop', ph: 'e', ts: e.atUs, id, args: { outcome: lost ? 'lost' : 'delivered', note: e.note } });
        }
        if (lost) put(e.to, { name: `LOST ${messageText(e)}`, cat: 'fault', ph: 'i', s: 't', ts: e.atUs, args });
        else {
          put(e.to, {
            name: `arrive ${messageText(e)}`, cat: 'arrive', ph: 'X', ts: e.atUs, dur: 0,
            ...(sent === undefined ? { args: { ...args, note: e.note || 'no send to pair with: a duplicate, or its send fell outside a bounded trace' } } : { args, bind_id: sent.hop, flow_in: true }),
          });
          if (e.to === 'origin' && e.status === 0) atOrigin.set(exchangeKey(e), [...(atOrigin.get(exchangeKey(e)) ?? []), e]);
        }
        break;
      }
      case 'process': {
        const [arrived, ...rest] = atOrigin.get(exchangeKey(e)) ?? [];
        if (arrived !== undefined) atOrigin.set(exchangeKey(e), rest);
        const startUs = arrived?.atUs ?? e.atUs;
        put(e.from, { name: `handle ${e.method} ${e.path}`, cat: 'process', ph: 'X', ts: startUs, dur: e.atUs - startUs, args });
        break;
      }
      default:
        put(e.from, { name: instantName(e), cat: e.kind, ph: 'i', s: 't', ts: e.atUs, args: { ...args, ...said(e) } });
    }
  }

  const ordered = placed.map((p, order) => ({ p, order })).sort((a, b) => byTime(a.p.event, b.p.event) || a.order - b.order).map(({ p }) => p);
  assignLanes(ordered);
  const tids = threadIds(events, ordered);
  return {
    displayTimeUnit: 'ms',
    traceEvents: [
      { name: 'process_name', ph: 'M', pid, tid: pid, args: { name: `apisim ${meta.scenario} (seed ${meta.seed})` } },
      ...[...tids].flatMap(([track, tid]): ChromeTraceEvent[] => [
        { name: 'thread_name', ph: 'M', pid, tid, args: { name: track } },
        { name: 'thread_sort_index', ph: 'M', pid, tid, args: { sort_index: tid } },
      ]),
      ...ordered.map((p) => ({ ...p.event, pid, tid: tids.get(trackName(p))! })),
    ],
    otherData: { generator: 'apisim', scenario: meta.scenario, seed: meta.seed },
  };
}

/** Ready for `--trace-out`: the same JSON every time for the same run. */
export async function writeChromeTrace(path: string, events: readonly TraceEvent[], meta: ChromeTraceMeta, exchanges: readonly Exchange[] = []): Promise<void> {
  await writeFile(path, `${JSON.stringify(chromeTrace(events, meta, exchanges))}\n`);
}

function argsOf(e: TraceEvent): ChromeArgs {
  return { exchange: `#${e.exchangeId}.${e.attempt}`, method: e.method, path: e.path, status: e.status, bytes: e.bytes, attempt: e.attempt, note: e.note };
}

/** A message on its way: sender, receiver, which exchange and attempt, request or response. */
export function hopKey(e: TraceEvent): string {
  return `${e.from}\t${e.to}\t${e.exchangeId}\t${e.attempt}\t${e.status}`;
}

function exchangeKey(e: TraceEvent): string {
  return `${e.exchangeId}\t${e.attempt}`;
}

const instantLabel: Partial<Record<TraceEvent['kind'], string>> = {
  timeout: 'timeout', resend: 'RE-SEND', complete: 'done', 'give-up': 'give up', alert: 'ALERT', ignore: 'ignore', crash: 'CRASH', restart: 'restart',
};

/** `cache hit`, `cache stored`, ... from the decision's first word; `RE-SEND POST /notes` for the rest. */
function instantName(e: TraceEvent): string {
  if (e.kind === 'cache') return `cache ${/^[a-z-]+/.exec(e.note)?.[0] ?? 'decision'}`;
  if (e.kind === 'alert') return 'ALERT enumeration';
  if (e.method === '') return `${instantLabel[e.kind] ?? e.kind} ${e.note}`;
  return `${instantLabel[e.kind] ?? e.kind} ${messageText(e)}`;
}

/** Slices must nest on a thread, so at one instant the longer one comes first (it is the parent). */
function byTime(a: Placed['event'], b: Placed['event']): number {
  return a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0);
}

/**
 * Perfetto draws a thread's slices as a stack and rejects slices that overlap without nesting (the cache
 * sends to two clients at once; the origin handles two requests at once). Such a slice goes to the node's
 * first lane where it nests; each extra lane is a thread of its own, `cache (2)`.
 */
function assignLanes(ordered: readonly Placed[]): void {
  const lanes = new Map<string, number[][]>(); // per node, per lane: the ends of the open slices, a stack
  for (const p of ordered) {
    const { ts, dur } = p.event;
    // Zero-length slices and instants nest in whatever is open, so they stay on the node's own thread.
    if (p.event.ph !== 'X' || dur === undefined || dur === 0) continue;
    const stacks = lanes.get(p.node) ?? [];
    lanes.set(p.node, stacks);
    const end = ts + dur;
    let lane = stacks.findIndex((stack) => {
      while (stack.length > 0 && stack.at(-1)! <= ts) stack.pop();
      return stack.length === 0 || end <= stack.at(-1)!;
    });
    if (lane === -1) lane = stacks.push([]) - 1;
    stacks[lane]!.push(end);
    p.lane = lane;
  }
}

function trackName(p: Pick<Placed, 'node' | 'lane'>): string {
  return p.lane === 0 ? p.node : `${p.node} (${p.lane + 1})`;
}

/** Clients in order of appearance, then the cache and the origin; a node's extra lanes right after it. */
function threadIds(events: readonly TraceEvent[], ordered: readonly Placed[]): Map<string, number> {
  const nodes = [...new Set(events.flatMap((e) => [e.from, e.to]))];
  const sortedNodes = [...nodes.filter((n) => !infrastructure.includes(n)), ...infrastructure.filter((n) => nodes.includes(n))];
  const laneCount = new Map<string, number>();
  for (const p of ordered) laneCount.set(p.node, Math.max(laneCount.get(p.node) ?? 1, p.lane + 1));
  const tracks = sortedNodes.flatMap((node) => Array.from({ length: laneCount.get(node) ?? 1 }, (_, lane) => trackName({ node, lane })));
  return new Map(tracks.map((track, i) => [track, firstTid + i]));
}
