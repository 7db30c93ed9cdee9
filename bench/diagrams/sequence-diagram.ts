import { formatMs } from '../../sim/format.js';
import type { TraceEvent } from '../../sim/trace-event.js';

/** A note the trace cannot say by itself (what the origin did with a key), shown after the events up to `atUs`. */
export interface DiagramNote {
  readonly atUs: number;
  /** One participant, or two joined by a comma (`client,origin`). */
  readonly over: string;
  readonly text: string;
}

export interface SequenceDiagramOptions {
  readonly notes?: readonly DiagramNote[];
}

const infrastructure = ['cache', 'origin'] as const;

/**
 * Mermaid takes `;` as the end of a statement and `#…;` as an entity, so both are written as entities; a
 * line break would end the message.
 */
function text(value: string): string {
  return value.replaceAll('#', '#35;').replaceAll(';', '#59;').replaceAll(/[\r\n]+/g, ' ');
}

/** Words Mermaid reads as syntax where a participant's name stands. */
const mermaidKeywords: ReadonlySet<string> = new Set([
  'end', 'loop', 'alt', 'else', 'opt', 'par', 'and', 'rect', 'critical', 'break', 'note', 'over', 'participant', 'actor',
  'activate', 'deactivate', 'autonumber', 'title', 'box', 'create', 'destroy', 'links', 'link', 'properties', 'details',
]);

/**
 * A participant's id in the diagram: its name where Mermaid can read it, else a safe id shown under the
 * name (in `alice-2->>cache` the arrow would start at the `-`; a client called `end` would close a block).
 */
function participantId(name: string): string {
  const safe = name.replaceAll(/[^A-Za-z0-9_]/g, '_');
  return safe === name && !mermaidKeywords.has(name.toLowerCase()) ? name : `p_${safe}`;
}

const declaration = (name: string): string => {
  const id = participantId(name);
  return id === name ? `    participant ${name}` : `    participant ${id} as ${text(name)}`;
};

const at = (us: number): string => `at ${formatMs(us)} ms`;

/** Clients in the order they first appear, then the cache and the origin: the picture of DESIGN.md, left to right. */
function participants(events: readonly TraceEvent[]): string[] {
  const seen: string[] = [];
  for (const e of events) {
    for (const name of [e.from, e.to]) if (name !== '' && !seen.includes(name)) seen.push(name);
  }
  const clients = seen.filter((name) => !(infrastructure as readonly string[]).includes(name));
  return [...clients, ...infrastructure.filter((name) => seen.includes(name))];
}

function messageLabel(e: TraceEvent): string {
  const what = e.status === 0 ? `${e.method} ${e.path}${e.attempt > 1 ? ` (try ${e.attempt})` : ''}` : `${e.status}`;
  return `${what} · ${e.bytes} B`;
}

/** Each hop's send and arrival are one arrow, labelled with the time it arrived; requests solid, responses dashed. */
function arrow(send: TraceEvent | undefined, end: TraceEvent, lost: boolean): string {
  const response = end.status !== 0;
  const head = `${response ? '--' : '-'}${lost ? 'x' : '>>'}`;
  const copy = send === undefined ? ' (a copy)' : '';
  const why = end.kind === 'deliver' && end.note !== '' ? ` (${end.note})` : '';
  const when = lost ? `lost ${at(end.atUs)}` : at(end.atUs);
  return `    ${participantId(end.from)}${head}${participantId(end.to)}: ${text(`${messageLabel(end)}${copy}${why} · ${when}`)}`;
}

/** `over` is one participant's name or two joined by a comma. */
const note = (over: string, body: string): string => `    Note over ${over.split(',').map(participantId).join(',')}: ${text(body)}`;

/**
 * The cache's decisions worth a glance: hits, misses with a reason (another caller's variant) and what
 * changed its store. A plain miss shows as the arrow to the origin; "not stored" is every private response.
 */
function shownCacheNote(cacheNote: string): boolean {
  return cacheNote !== 'miss' && !cacheNote.startsWith('not stored');
}

function eventLines(e: TraceEvent, pending: Map<string, TraceEvent[]>, order: readonly string[]): string[] {
  const key = `${e.from}>${e.to}#${e.exchangeId}.${e.attempt}:${e.status}`;
  switch (e.kind) {
    case 'send':
      pending.set(key, [...(pending.get(key) ?? []), e]);
      return [];
    case 'deliver':
    case 'drop': {
      // Lost at a node rather than on a hop: it reached the origin while down, or the origin died handling it.
      if (e.from === e.to) return [note(e.from, `lost ${at(e.atUs)}: ${messageLabel(e)}, ${e.note}`)];
      const sent = pending.get(key)?.shift();
      if (e.kind === 'deliver') return [arrow(sent, e, false)];
      // Left to right, as the participants stand, so the note spans the hop whichever way the message went.
      const ends = [e.from, e.to].sort((a, b) => order.indexOf(a) - order.indexOf(b));
      return [arrow(sent, e, true), note(ends.join(','), `lost: ${e.note}`)];
    }
    case 'timeout':
      return [note(e.from, `timeout ${at(e.atUs)}: ${e.note}`)];
    case 'resend':
      return [note(e.from, `re-send (try ${e.attempt}) ${at(e.atUs)}: ${e.note}`)];
    case 'give-up':
      return [note(e.from, `gave up ${at(e.atUs)}: ${e.note}`)];
    case 'ignore':
      return [note(e.from, `ignored ${at(e.atUs)}: ${e.note}`)];
    case 'alert':
      return [note(e.from, `ALERT ${at(e.atUs)}: ${e.note}`)];
    case 'crash':
      return [note(e.from, `CRASH ${at(e.atUs)}: ${e.note}`)];
    case 'restart':
      return [note(e.from, `restarted ${at(e.atUs)}`)];
    case 'cache':
      return shownCacheNote(e.note) ? [note(e.from, `${e.note} ${at(e.atUs)}`)] : [];
    default:
      // `process` and `complete` add nothing to a picture of arrows: the origin's 15 ms shows between the
      // arrows' times, and the arrival at the client is the completion. Kinds added later are drawn once
      // someone decides how.
      return [];
  }
}

/**
 * A Mermaid `sequenceDiagram` of a run's trace: a participant per client, the cache and the origin; one
 * arrow per hop with the status, the body size and the virtual time it arrived (crossed when the line lost
 * it); notes for losses, timeouts, re-sends, give-ups and the cache's hits and stores.
 */
export function sequenceDiagram(events: readonly TraceEvent[], options: SequenceDiagramOptions = {}): string {
  const order = participants(events);
  const lines = ['sequenceDiagram', ...order.map(declaration)];
  const extra = [...(options.notes ?? [])].sort((a, b) => a.atUs - b.atUs);
  const pending = new Map<string, TraceEvent[]>();
  let next = 0;
  for (const e of events) {
    for (; next < extra.length && extra[next]!.atUs < e.atUs; next++) lines.push(note(extra[next]!.over, extra[next]!.text));
    lines.push(...eventLines(e, pending, order));
  }
  for (; next < extra.length; next++) lines.push(note(extra[next]!.over, extra[next]!.text));
  return `${lines.join('\n')}\n`;
}
