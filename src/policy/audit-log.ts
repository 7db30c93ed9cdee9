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
 * Records are kept in blocks of this many, one table entry each: a durable table writes an entry per change,
 * and one entry per request cost `npm start` a sixth of its GET rate (docs/decisions/benchmarks.md).
 */
const blockSize = 256;

/**
 * Every decision of both gates, in order. Bounded: it keeps the newest `capacity` records and counts the
 * rest, so a long run cannot grow it without limit. Records are numbered from 0 and kept in blocks by
 * number, which is what lets the log be a table like any store's: a record joins the newest block, and the
 * oldest block goes once every record in it is older than the newest `capacity`.
 */
export class AuditLog {
  /** Block n holds records n × blockSize onwards; a map keeps insertion order, which is block order. */
  readonly #blocks: Map<number, AuditRecord[]>;
  readonly #capacity: number;
  readonly #listeners: ((record: AuditRecord) => void)[] = [];
  /** The number the next record gets: every record ever made, dropped ones included. */
  readonly #next: Counter;
  readonly #allowed: Counter;

  constructor(capacity = 10_000, tables: Tables = memoryTables()) {
    this.#capacity = capacity;
    // A log: what it records must not hold up the answer (every request adds a record, reads included).
    this.#blocks = tables.map('audit', 'after-answer');
    this.#next = tables.counter('audit.next', 0, 'after-answer');
    this.#allowed = tables.counter('audit.allowed', 0, 'after-answer');
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
    const number = this.#next.value++;
    const block = Math.floor(number / blockSize);
    const records = this.#blocks.get(block);
    if (records === undefined) this.#blocks.set(block, [record]);
    else {
      records.push(record);
      // The same array, set again: that is how a durable table learns the block changed.
      this.#blocks.set(block, records);
    }
    // The block before the oldest record kept holds only records older than the newest `capacity`: it goes as
    // soon as the oldest kept moves past it. Asking again on later records, or before there is one, is a map miss.
    const oldestKept = number + 1 - this.#capacity;
    this.#blocks.delete(Math.floor(oldestKept / blockSize) - 1);
    for (const listener of this.#listeners) listener(record);
  }

  /** Oldest first, as a snapshot: the caller's array does not grow with later records. */
  get records(): readonly AuditRecord[] {
    const all = [...this.#blocks.values()].flat();
    return all.slice(Math.max(0, all.length - this.#capacity));
  }

  counts(): { readonly allowed: number; readonly denied: number; readonly dropped: number } {
    const total = this.#next.value;
    return { allowed: this.#allowed.value, denied: total - this.#allowed.value, dropped: Math.max(0, total - this.#capacity) };
  }
}
