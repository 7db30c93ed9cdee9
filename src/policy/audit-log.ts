import { type Counter, memoryTables, type Tables } from '../storage/tables.js';

/** One decision, as a security reviewer reads it: who, did what, to what, when, allowed or not, and why. */
export interface AuditRecord {
  readonly atUs: number;
  /** `null` when gate 1 could not identify the caller. */
  readonly userId: number | null;
  readonly username: string | null;
  readonly via: 'session' | 'token' | null;
  /** `read orders`, `update notes`, ... or the method when gate 1 stopped the request first. */
  readonly operation: string;
  /** `orders/124`, `orders` for a collection, or the path when the request never got that far. */
  readonly object: string;
  readonly objectId: number | null;
  readonly decision: 'allow' | 'deny';
  readonly reason: string;
  readonly status: number;
}

/**
 * Every decision of both gates, in order. Bounded: it keeps the newest `capacity` records and counts the
 * rest, so a long run cannot grow it without limit. Each record is kept under its sequence number, which is
 * what lets the log be a table like any store's: appending one and forgetting the oldest are two keys.
 */
export class AuditLog {
  /** By sequence number from 0; a map keeps insertion order, which is sequence order. */
  readonly #records: Map<number, AuditRecord>;
  readonly #capacity: number;
  readonly #listeners: ((record: AuditRecord) => void)[] = [];
  /** The sequence number the next record gets: every record ever made, dropped ones included. */
  readonly #next: Counter;
  readonly #allowed: Counter;

  constructor(capacity = 10_000, tables: Tables = memoryTables()) {
    this.#capacity = capacity;
    this.#records = tables.map('audit');
    this.#next = tables.counter('audit.next', 0);
    this.#allowed = tables.counter('audit.allowed', 0);
  }

  /** Returns the way to stop listening: a restarted origin's detector must not share the log with a dead one's. */
  onRecord(listener: (record: AuditRecord) => void): () => void {
    this.#listeners.push(listener);
    return () => {
      const i = this.#listeners.indexOf(listener);
      if (i >= 0) this.#listeners.splice(i, 1);
    };
  }

  record(record: AuditRecord): void {
    if (record.decision === 'allow') this.#allowed.value++;
    const sequence = this.#next.value++;
    this.#records.set(sequence, record);
    if (this.#records.size > this.#capacity) this.#records.delete(sequence - this.#capacity);
    for (const listener of this.#listeners) listener(record);
  }

  /** Oldest first, as a snapshot: the caller's array does not grow with later records. */
  get records(): readonly AuditRecord[] {
    return [...this.#records.values()];
  }

  counts(): { readonly allowed: number; readonly denied: number; readonly dropped: number } {
    const total = this.#next.value;
    return { allowed: this.#allowed.value, denied: total - this.#allowed.value, dropped: total - this.#records.size };
  }
}
