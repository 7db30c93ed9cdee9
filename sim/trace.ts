import type { Envelope, FrameEnvelope, WireMessage } from './envelope.js';
import { TraceHash } from './trace-hash.js';
import type { TraceEvent, TraceKind } from './trace-event.js';
import type { TraceSite } from './trace-site.js';

/** An event about a message; the send-only fields are left empty unless it is a `send`. */
export function messageEvent(
  atUs: number, kind: TraceKind, from: string, to: string, env: Envelope, note: string, link = '', queuedUs = 0, transmitUs = 0,
): TraceEvent {
  return {
    atUs, kind, from, to, exchangeId: env.exchangeId, attempt: env.attempt, method: env.request.method,
    path: env.request.path, status: env.kind === 'response' ? env.response.status : 0, bytes: env.bytes,
    link, queuedUs, transmitUs, note,
  };
}

/**
 * A frame in the trace: method `WS` and the socket's path, so HTTP views leave it out, and the message's
 * label (`subscribe 1`, `next 1`) as the note, so every hop names what passed.
 */
export function frameEvent(
  atUs: number, kind: TraceKind, from: string, to: string, env: FrameEnvelope, link = '', queuedUs = 0, transmitUs = 0,
): TraceEvent {
  return {
    atUs, kind, from, to, exchangeId: env.exchangeId, attempt: 0, method: 'WS', path: '/graphql', status: 0, bytes: env.bytes,
    link, queuedUs, transmitUs, note: env.label,
  };
}

/** Any message on the wire as an event: a frame by its label, an HTTP message by its request line. */
export function wireEvent(
  atUs: number, kind: TraceKind, from: string, to: string, env: WireMessage, note: string, link = '', queuedUs = 0, transmitUs = 0,
): TraceEvent {
  return env.kind === 'frame'
    ? frameEvent(atUs, kind, from, to, env, link, queuedUs, transmitUs)
    : messageEvent(atUs, kind, from, to, env, note, link, queuedUs, transmitUs);
}

/** An event of a node itself, about no message: a crash, a restart. */
export function nodeEvent(atUs: number, kind: TraceKind, node: string, note: string): TraceEvent {
  return {
    atUs, kind, from: node, to: node, exchangeId: 0, attempt: 0, method: '', path: '', status: 0, bytes: 0, link: '', queuedUs: 0, transmitUs: 0, note,
  };
}

/**
 * - `full` keeps the events (for the timeline and tests), up to its `TraceBound`, and hashes every one;
 * - `hash` only hashes, in constant memory, for long runs;
 * - `off` records nothing, for speed.
 */
export type TraceMode = 'full' | 'hash' | 'off';

/**
 * How many events `full` keeps, so a long run's memory stays bounded: the first `firstEvents` (how the run
 * began) and, in a ring, the latest `lastEvents` (how it ended). Events in between are counted in
 * `omittedEvents`, never silently lost; the hash covers every event either way.
 */
export interface TraceBound {
  readonly firstEvents: number;
  readonly lastEvents: number;
}

/** Far above any built-in scenario (hundreds of events), about 17 MB when full (`bench/scale`): long runs are bounded by default. */
export const defaultTraceBound: TraceBound = { firstEvents: 50_000, lastEvents: 50_000 };

/**
 * The run's record. Each event is hashed as it is recorded, in a compact binary encoding of its fields in a
 * fixed order (`TraceHash`), so the SHA-256 is the same on every machine and Node version for the same seed.
 */
export class Trace {
  readonly mode: TraceMode;
  /** Callers test this before they build an event, so a disabled trace costs one branch. */
  readonly on: boolean;
  readonly #bound: TraceBound;
  readonly #first: TraceEvent[] = [];
  /** A ring: once full, `#lastNext` is the oldest slot, the one the next event overwrites. */
  readonly #last: TraceEvent[] = [];
  #lastNext = 0;
  #omitted = 0;
  #count = 0;
  readonly #hash: TraceHash | undefined;
  /** `#hash` in `hash` mode, where `wire` hands it the fields without building an event. */
  readonly #hashOnly: TraceHash | undefined;

  constructor(mode: TraceMode = 'full', bound: TraceBound = defaultTraceBound) {
    this.mode = mode;
    this.#bound = bound;
    this.on = mode !== 'off';
    this.#hash = this.on ? new TraceHash() : undefined;
    this.#hashOnly = mode === 'hash' ? this.#hash : undefined;
  }

  get count(): number {
    return this.#count;
  }

  /** How many events `full` keeps, at the start and at the end, so a kept event's place in the run can be told. */
  get bound(): TraceBound {
    return this.#bound;
  }

  /** The kept events in order: every event while the run is within the bound, else the first and the latest. */
  get events(): readonly TraceEvent[] {
    if (this.#last.length === 0) return this.#first;
    return [...this.#first, ...this.#last.slice(this.#lastNext), ...this.#last.slice(0, this.#lastNext)];
  }

  /** Events recorded but not kept, between the first and the latest (0 while within the bound). */
  get omittedEvents(): number {
    return this.#omitted;
  }

  record(event: TraceEvent): void {
    if (this.#hash === undefined) return;
    this.#count++;
    this.#hash.add(event);
    if (this.mode === 'full') this.#keep(event);
  }

  /**
   * `record(wireEvent(...))` of a message at `site`, with the send-only fields, except that `hash` mode
   * builds no event: it hands the fields to the hash as they are. Every hop of every message goes through here.
   */
  wire(site: TraceSite, atUs: number, env: WireMessage, note: string, queuedUs = 0, transmitUs = 0): void {
    // Kept this small so that V8 inlines it into every hop's caller: the other cases are a call away.
    const hash = this.#hashOnly;
    if (hash === undefined || env.kind === 'frame') {
      this.#wireOther(site, atUs, env, note, queuedUs, transmitUs);
      return;
    }
    this.#count++;
    const request = env.request;
    hash.hop(site, atUs, env.exchangeId, env.attempt, env.kind === 'response' ? env.response.status : 0, request.method, request.path, env.bytes, queuedUs, transmitUs, note);
  }

  /** `wire` in `full` mode, and of a frame in `hash` mode. */
  #wireOther(site: TraceSite, atUs: number, env: WireMessage, note: string, queuedUs: number, transmitUs: number): void {
    const hash = this.#hash;
    if (hash === undefined) return;
    if (this.mode === 'full') this.record(wireEvent(atUs, site.kind, site.from, site.to, env, note, site.link, queuedUs, transmitUs));
    else if (env.kind === 'frame') {
      this.#count++;
      hash.hop(site, atUs, env.exchangeId, 0, 0, 'WS', '/graphql', env.bytes, queuedUs, transmitUs, env.label);
    }
  }

  #keep(event: TraceEvent): void {
    const { firstEvents, lastEvents } = this.#bound;
    if (this.#first.length < firstEvents) this.#first.push(event);
    else if (this.#last.length < lastEvents) this.#last.push(event);
    else if (lastEvents === 0) this.#omitted++;
    else {
      this.#last[this.#lastNext] = event;
      this.#lastNext = (this.#lastNext + 1) % lastEvents;
      this.#omitted++;
    }
  }

  /** Hex SHA-256 of every event so far; `off` when recording was switched off. */
  digest(): string {
    if (this.#hash === undefined) return 'off';
    return this.#hash.digest();
  }
}

/** Every field the hash reads, in its order, as text: how `trace-difference.ts` compares two events. */
export function canonicalLine(e: TraceEvent): string {
  return `${e.atUs}\t${e.kind}\t${e.from}\t${e.to}\t${e.exchangeId}\t${e.attempt}\t${e.status}\t${e.method}\t${e.path}\t${e.bytes}\t${e.link}\t${e.queuedUs}\t${e.transmitUs}\t${e.note}\n`;
}
