import type { CompletedRecord } from './record.js';

/** At most this many completed records per caller: a few seconds of a load test, days of any real client. */
export const defaultMaxRecordsPerCaller = 10_000;

/** At most this many bytes of stored responses per caller: the four demo accounts hold 64 MiB at most. */
export const defaultMaxBytesPerCaller = 16 * 1024 * 1024;

/**
 * What one record costs beyond its body: the key (up to 255 characters), the fingerprint (64), the headers
 * and the record's own object. A round figure, so that a caller of empty answers is bounded by bytes too.
 */
const recordOverheadBytes = 512;

/** A completed record and its id, as the store's expiry queue and the callers' ledgers hold it. */
export interface QueuedRecord {
  readonly id: string;
  readonly record: CompletedRecord;
}

interface CallerLedger {
  /** The caller's completions, oldest first from `head`; an entry whose record is gone is stale. */
  entries: QueuedRecord[];
  head: number;
  count: number;
  bytes: number;
}

export function recordBytes(record: CompletedRecord): number {
  return record.response.bodyBytes + recordOverheadBytes;
}

/**
 * Each caller's completed records in completion order, counted and weighed, so that one caller's keys are
 * bounded however fast it sends them: past the quota its own oldest records go first (`overflow`). Derived
 * from the records, like the expiry queue: tables that come back from disk rebuild it.
 *
 * Forgetting the oldest rather than refusing the newest: a 4xx for a new key would stop a busy client's
 * writes until a record 24 hours old expires, while a key 10,000 completions old has long stopped being
 * re-sent. The window is published (src/idempotency/README.md), as the draft asks.
 */
export class CallerQuota {
  readonly maxRecords: number;
  readonly maxBytes: number;
  readonly #byScope = new Map<string, CallerLedger>();
  readonly #held: (entry: QueuedRecord) => boolean;

  /** `held(entry)`: whether the store still holds that record, which is what makes an entry stale. */
  constructor(maxRecords: number, maxBytes: number, held: (entry: QueuedRecord) => boolean) {
    this.maxRecords = maxRecords;
    this.maxBytes = maxBytes;
    this.#held = held;
  }

  /** A completion joins its caller's ledger; what must now be forgotten for the caller to fit is returned. */
  add(entry: QueuedRecord): QueuedRecord[] {
    const scope = entry.record.scope;
    let ledger = this.#byScope.get(scope);
    if (ledger === undefined) {
      ledger = { entries: [], head: 0, count: 0, bytes: 0 };
      this.#byScope.set(scope, ledger);
    }
    ledger.entries.push(entry);
    ledger.count++;
    ledger.bytes += recordBytes(entry.record);
    const overflow: QueuedRecord[] = [];
    // The newest record always stays, however large: its request was just answered.
    while ((ledger.count > this.maxRecords || ledger.bytes > this.maxBytes) && ledger.count > 1) {
      const oldest = ledger.entries[ledger.head++]!;
      if (this.#held(oldest)) {
        overflow.push(oldest);
        this.#subtract(ledger, oldest.record);
      }
    }
    this.#compact(ledger);
    return overflow;
  }

  /**
   * A record the store forgot for another reason (expiry): it no longer counts against its caller. Every
   * completed record the store holds was added here, so its caller has a ledger.
   */
  remove(record: CompletedRecord): void {
    const ledger = this.#byScope.get(record.scope)!;
    this.#subtract(ledger, record);
    if (ledger.count === 0) this.#byScope.delete(record.scope);
    else this.#compact(ledger);
  }

  /** Records and bytes a caller holds now. */
  usage(scope: string): { readonly records: number; readonly bytes: number } {
    const ledger = this.#byScope.get(scope);
    return { records: ledger?.count ?? 0, bytes: ledger?.bytes ?? 0 };
  }

  /** Entries the ledgers' arrays take, stale ones included: what a leak would show. */
  get footprint(): number {
    let entries = 0;
    for (const ledger of this.#byScope.values()) entries += ledger.entries.length;
    return entries;
  }

  #subtract(ledger: CallerLedger, record: CompletedRecord): void {
    ledger.count--;
    ledger.bytes -= recordBytes(record);
  }

  /**
   * Expiry forgets records out of a caller's order only when they were forgotten lazily, so stale entries are
   * few; still, an array kept at more than twice what it holds is rebuilt from what is held, which bounds it.
   */
  #compact(ledger: CallerLedger): void {
    if (ledger.entries.length <= 2 * ledger.count + 32) return;
    ledger.entries = ledger.entries.slice(ledger.head).filter(this.#held);
    ledger.head = 0;
  }
}
