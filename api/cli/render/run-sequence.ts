import type { Exchange } from '../../../sim/exchange.js';
import { formatMs } from '../../../sim/format.js';
import type { TraceEvent } from '../../../sim/trace-event.js';
import type { Lane, MessageContent, SequenceDiagram, SequenceMessage, SequenceRow } from './html/report-model.js';
import { hopKey } from './chrome-trace.js';
import { exchangeNames, kindLabel, messageText, noteText } from './timeline.js';

/** The simulator's names for the two nodes every run has; every other node is a client. */
const cache = 'cache';
const origin = 'origin';

/** A shrunk run is a few dozen events; a diagram longer than this says how many it left out. */
export const maxSequenceRows = 1_000;

export interface RunSequenceOptions {
  /** What the origin's lane is called: `origin` for apisim's own, the app's name for a guest. */
  readonly app?: string;
  /** Events the trace counted but did not keep (a bounded trace): said under the diagram. */
  readonly omittedEvents?: number;
}

/**
 * A run's trace as the HTML report's sequence diagram: each send joined with its arrival (or its loss) as
 * one message over one hop, each other event (a cache decision, the app's handling, a timeout, a re-send, a
 * crash) as a note on its node's lane, in the order the trace has them. The trace names only exchanges, so
 * what was said comes from the run's `exchanges` (in step order, as `RunRecord.exchanges`): the request's
 * headers and body on each of the client's sends of it, the response's on the answer the client kept.
 */
export function runSequence(events: readonly TraceEvent[], exchanges: readonly Exchange[], options: RunSequenceOptions = {}): SequenceDiagram {
  const names = exchangeNames(exchanges);
  const byId = new Map(exchanges.map((x) => [x.id, x]));
  const rows: SequenceRow[] = [];
  /** Sends not yet arrived, by hop: their row, and what is known of them so far. */
  const inFlight = new Map<string, { readonly index: number; readonly how: string }[]>();
  const base = (e: TraceEvent) => ({ at: formatMs(e.atUs), exchange: e.method === '' ? 0 : (names.get(e.exchangeId) ?? e.exchangeId), attempt: e.attempt, focus: false });
  for (const e of events) {
    if (e.kind === 'send') {
      const exchange = byId.get(e.exchangeId);
      const said = exchange !== undefined && e.status === 0 && e.from === exchange.client && e.method !== 'WS' ? content('as the client sent it', exchange.request) : undefined;
      const how = `${e.bytes} B${e.queuedUs > 0 ? ` · queued ${formatMs(e.queuedUs)} ms` : ''}`;
      inFlight.set(hopKey(e), [...(inFlight.get(hopKey(e)) ?? []), { index: rows.length, how }]);
      rows.push({ ...base(e), kind: 'message', from: e.from, to: e.to, label: messageText(e), status: e.status, lost: false, detail: `${how} · still on its way when the run ended`, content: said });
    } else if (e.kind === 'deliver' || e.kind === 'drop') {
      const [sent, ...rest] = inFlight.get(hopKey(e)) ?? [];
      inFlight.set(hopKey(e), rest);
      const lost = e.kind === 'drop';
      const end = lost ? `LOST at ${formatMs(e.atUs)}${e.note === '' ? '' : `: ${e.note}`}` : `arrived ${formatMs(e.atUs)}${e.note === '' ? '' : ` (${e.note})`}`;
      if (sent === undefined) rows.push({ ...base(e), kind: 'message', from: e.from, to: e.to, label: messageText(e), status: e.status, lost, detail: `${e.bytes} B · ${end} · a copy with no send of its own (a duplicate, or a send the trace did not keep)`, content: undefined });
      else rows[sent.index] = { ...(rows[sent.index] as SequenceMessage), lost, detail: `${sent.how} · ${end}` };
    } else if (e.kind !== 'complete') {
      // The answer's arrival is its arrow; `complete` adds nothing to the picture but which attempt it answered.
      const text = e.method === '' ? noteText(e) : [messageText(e), noteText(e)].filter((t) => t !== '').join(' · ');
      rows.push({ ...base(e), kind: 'note', lane: e.from, label: kindLabel[e.kind], text, bad: badKinds.has(e.kind) });
    }
  }
  answers(rows, exchanges, names);
  return { lanes: lanesOf(events, options.app ?? origin), rows: rows.slice(0, maxSequenceRows), rowsLeftOut: Math.max(0, rows.length - maxSequenceRows) + (options.omittedEvents ?? 0) };
}

const badKinds = new Set<TraceEvent['kind']>(['give-up', 'alert', 'crash']);

/** The answer each client kept: its last delivered response to the exchange carries the response's words. */
function answers(rows: SequenceRow[], exchanges: readonly Exchange[], names: ReadonlyMap<number, number>): void {
  for (const exchange of exchanges) {
    if (exchange.response === undefined) continue;
    const step = names.get(exchange.id);
    const index = rows.findLastIndex((r) => r.kind === 'message' && !r.lost && r.status !== 0 && r.to === exchange.client && r.exchange === step);
    if (index >= 0) rows[index] = { ...(rows[index] as SequenceMessage), content: content('as the client received it', exchange.response) };
  }
}

function content(view: string, message: { readonly headers: Readonly<Record<string, string>>; readonly body?: string | undefined }): MessageContent {
  return { view, headers: Object.entries(message.headers), body: message.body };
}

/** The clients in the order they appear, their line, the cache, the line behind it, and the app. */
function lanesOf(events: readonly TraceEvent[], app: string): Lane[] {
  const nodes = [...new Set(events.flatMap((e) => [e.from, e.to]))];
  const clients = nodes.filter((n) => n !== cache && n !== origin);
  const lanes: Lane[] = clients.map((id) => ({ id, label: id, kind: 'client' }));
  if (nodes.includes(cache)) {
    if (clients.length > 0) lanes.push({ id: 'wan', label: 'WAN line', kind: 'line' });
    lanes.push({ id: cache, label: cache, kind: 'cache' });
  }
  if (nodes.includes(origin)) lanes.push({ id: 'lan', label: 'LAN line', kind: 'line' }, { id: origin, label: app, kind: 'app' });
  return lanes;
}
