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
 * rest, so a long run cannot grow it without limit.
 */
export class AuditLog {
  readonly #records: AuditRecord[] = [];
  readonly #capacity: number;
  readonly #listeners: ((record: AuditRecord) => void)[] = [];
  #dropped = 0;
  #next = 0;
  #allowed = 0;
  #denied = 0;

  constructor(capacity = 10_000) {
    this.#capacity = capacity;
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
    if (record.decision === 'allow') this.#allowed++;
    else this.#denied++;
    if (this.#records.length < this.#capacity) this.#records.push(record);
    else {
      // A ring: overwrite the oldest in place rather than shifting ten thousand records per request.
      this.#records[this.#next] = record;
      this.#next = (this.#next + 1) % this.#capacity;
      this.#dropped++;
    }
    for (const listener of this.#listeners) listener(record);
  }

  /**
   * Oldest first, as a snapshot: handing out the ring itself would let a caller's array grow with later
   * records, then turn newest-first once the ring overwrites it in place.
   */
  get records(): readonly AuditRecord[] {
    return [...this.#records.slice(this.#next), ...this.#records.slice(0, this.#next)];
  }

  counts(): { readonly allowed: number; readonly denied: number; readonly dropped: number } {
    return { allowed: this.#allowed, denied: this.#denied, dropped: this.#dropped };
  }
}
