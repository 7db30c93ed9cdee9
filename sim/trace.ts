import { createHash, type Hash } from 'node:crypto';
import type { Envelope } from './envelope.js';

export type TraceKind =
  | 'send' // a node hands a message to a link; `note` has the transmit window
  | 'deliver' // the last byte arrives at the far end
  | 'drop' // a fault rule lost it in flight (recorded when it would have arrived)
  | 'process' // the origin finished a request and answers it
  | 'timeout' // the client waited long enough for an attempt
  | 'resend' // the client sends the same exchange again
  | 'complete' // the client has its response
  | 'give-up' // the client stops without a response: the outcome is unknown
  | 'alert' // the origin's enumeration detector saw one subject probing ids
  | 'ignore' // a response for an exchange that was already complete (late, or a duplicate)
  | 'cache'; // a cache decision: hit, miss, revalidate, stored or not (and why), revalidated, invalidated

/** An event about a message, with the send-only fields left empty. */
export function messageEvent(
  atUs: number, kind: TraceKind, from: string, to: string, env: Envelope, note: string,
): TraceEvent {
  return {
    atUs, kind, from, to, exchangeId: env.exchangeId, attempt: env.attempt, method: env.request.method,
    path: env.request.path, status: env.kind === 'response' ? env.response.status : 0, bytes: env.bytes,
    link: '', queuedUs: 0, transmitUs: 0, note,
  };
}

/**
 * Structured, not formatted: recording builds no display strings, and the canonical line stays ASCII (fast
 * to hash). `sim/cli/timeline.ts` turns events into text for people.
 */
export interface TraceEvent {
  readonly atUs: number;
  readonly kind: TraceKind;
  readonly from: string;
  readonly to: string;
  readonly exchangeId: number;
  readonly attempt: number;
  readonly method: string;
  readonly path: string;
  /** The response's status, or 0 when the message is a request. */
  readonly status: number;
  readonly bytes: number;
  /** For `send`: the link, the wait for its busy transmitter, the transmit time. Empty and 0 otherwise. */
  readonly link: string;
  readonly queuedUs: number;
  readonly transmitUs: number;
  /** Why, when there is more to say: the fault that acted, the policy that re-sent. Never built per message. */
  readonly note: string;
}

/**
 * - `full` keeps every event (for the timeline and tests) and hashes them;
 * - `hash` only hashes, in constant memory, for long runs;
 * - `off` records nothing, for speed.
 */
export type TraceMode = 'full' | 'hash' | 'off';

/**
 * The run's record. Each event is hashed as it is recorded, as one line of tab-separated fields in a fixed
 * order (a canonical encoding), so the SHA-256 is the same on every machine for the same seed.
 */
export class Trace {
  readonly mode: TraceMode;
  /** Callers test this before they build an event, so a disabled trace costs one branch. */
  readonly on: boolean;
  readonly events: TraceEvent[] = [];
  #count = 0;
  readonly #hash: Hash | undefined;
  /** Lines not yet fed to the hash: one native update per ~64 KiB instead of one per event. */
  #pending = '';

  constructor(mode: TraceMode = 'full') {
    this.mode = mode;
    this.on = mode !== 'off';
    this.#hash = this.on ? createHash('sha256') : undefined;
  }

  get count(): number {
    return this.#count;
  }

  record(event: TraceEvent): void {
    if (this.#hash === undefined) return;
    this.#count++;
    this.#pending += canonicalLine(event);
    if (this.#pending.length > 65_536) this.#flush(this.#hash);
    if (this.mode === 'full') this.events.push(event);
  }

  /** Hex SHA-256 of every event so far; `off` when recording was switched off. */
  digest(): string {
    if (this.#hash === undefined) return 'off';
    this.#flush(this.#hash);
    return this.#hash.copy().digest('hex');
  }

  #flush(hash: Hash): void {
    hash.update(this.#pending);
    this.#pending = '';
  }
}

export function canonicalLine(e: TraceEvent): string {
  return `${e.atUs}\t${e.kind}\t${e.from}\t${e.to}\t${e.exchangeId}\t${e.attempt}\t${e.status}\t${e.method}\t${e.path}\t${e.bytes}\t${e.link}\t${e.queuedUs}\t${e.transmitUs}\t${e.note}\n`;
}
