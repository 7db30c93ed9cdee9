import type { HttpResponse } from '../http/message.js';
import { memoryTables, type Tables } from '../storage/tables.js';
import { CallerQuota, defaultMaxBytesPerCaller, defaultMaxRecordsPerCaller, type QueuedRecord } from './caller-quota.js';
import type { CompletedRecord, IdempotencyRecord, InFlightRecord } from './record.js';

/**
 * How long a completed record is kept, from the moment its response was stored: 24 hours of virtual time,
 * as Stripe does. The draft (§2.3) leaves the period to the server and asks that it be published; it is a
 * setting because scenarios that show expiry need a shorter one.
 */
export const defaultRetentionUs = 24 * 60 * 60 * 1_000_000;

/**
 * At most this many entries of the expiry queue are looked at per sweep. Every claim sweeps once and adds at
 * most one record, so a limit above 1 drains any backlog while keeping each request's work constant.
 */
export const defaultSweepLimit = 16;

export interface IdempotencyStoreSettings {
  /** Completed records are forgotten this long after completion. A positive integer. */
  readonly retentionUs: number;
  /** Expiry-queue entries examined per sweep. A positive integer. */
  readonly sweepLimit: number;
  /**
   * `with-effect` (the default): `complete` commits the record in the same step as the handler's effect.
   * `write-behind`: the completion waits in memory until the next use of the store, as a server that writes
   * the record in a later transaction would; a crash before then (`recover`) loses it while the effect
   * stays. Only there to show, and to test, that a crash in that gap duplicates an effect.
   */
  readonly commit: 'with-effect' | 'write-behind';
  /** A caller's completed records beyond this many: its oldest are forgotten (`caller-quota.ts`). */
  readonly maxRecordsPerCaller: number;
  /** A caller's stored responses beyond this many bytes: its oldest are forgotten. */
  readonly maxBytesPerCaller: number;
}

/**
 * What `claim` found. `claimed`: nothing was there, and the caller now owns a fresh in-flight record (its
 * ticket to `complete` or `abandon`). Otherwise the live record that was already there, untouched.
 */
export type Claim =
  | { readonly outcome: 'claimed'; readonly record: InFlightRecord }
  | { readonly outcome: 'in-flight'; readonly record: InFlightRecord }
  | { readonly outcome: 'completed'; readonly record: CompletedRecord };

/**
 * Idempotency records keyed by (caller scope, key). It knows nothing of HTTP rules: which requests take
 * part, what a fingerprint is and what to answer are the wrapper's business. Time is the injected virtual
 * clock, which never runs backwards.
 *
 * Memory stays bounded on long runs: a record is forgotten lazily when it is touched after its expiry, and
 * each claim also sweeps a bounded number of entries from a queue of completions. That queue is in expiry
 * order for free, because completions are appended as the clock advances and the retention is one constant.
 * In-flight records do not expire: the origin always completes or abandons what it claimed.
 *
 * However fast one caller sends keys, it holds at most `maxRecordsPerCaller` records and `maxBytesPerCaller`
 * bytes of responses: past either, its own oldest completions are forgotten as the new one is stored.
 */
export class IdempotencyStore {
  readonly retentionUs: number;
  readonly sweepLimit: number;
  readonly commit: IdempotencyStoreSettings['commit'];
  readonly #now: () => number;
  /** Write-behind completions not yet committed, in order. */
  readonly #unwritten: QueuedRecord[] = [];
  readonly #records: Map<string, IdempotencyRecord>;
  /**
   * Completed records in completion order; an entry whose record was since replaced or forgotten is stale.
   * Derived from the records, so tables that come back from disk rebuild it rather than keep it.
   */
  #expiryQueue: QueuedRecord[] = [];
  #expiryHead = 0;
  readonly #quota: CallerQuota;
  /** Whether a queue's entry is still the record held: an entry replaced or forgotten since is stale. */
  readonly #holds = (entry: QueuedRecord): boolean => this.#records.get(entry.id) === entry.record;

  constructor(now: () => number, settings: Partial<IdempotencyStoreSettings> = {}, tables: Tables = memoryTables()) {
    this.retentionUs = positiveInteger('retentionUs', settings.retentionUs ?? defaultRetentionUs);
    this.sweepLimit = positiveInteger('sweepLimit', settings.sweepLimit ?? defaultSweepLimit);
    this.commit = settings.commit ?? 'with-effect';
    this.#now = now;
    this.#records = tables.map('idempotency');
    this.#quota = new CallerQuota(
      positiveInteger('maxRecordsPerCaller', settings.maxRecordsPerCaller ?? defaultMaxRecordsPerCaller),
      positiveInteger('maxBytesPerCaller', settings.maxBytesPerCaller ?? defaultMaxBytesPerCaller),
      this.#holds,
    );
    const completed: QueuedRecord[] = [];
    for (const [id, record] of this.#records) if (record.state === 'completed') completed.push({ id, record });
    // Completions were appended as the clock advanced; the table's key order is not that order.
    completed.sort((a, b) => a.record.completedAtUs - b.record.completedAtUs);
    // Through the quota, which forgets what a smaller quota than the last process's no longer holds.
    for (const entry of completed) this.#enqueue(entry);
  }

  /** The live record for (scope, key), if any; an expired one is forgotten on the way. */
  get(scope: string, key: string): IdempotencyRecord | undefined {
    this.#writeBehind();
    return this.#live(recordId(scope, key), this.#now());
  }

  /**
   * Looks up (scope, key) and, when nothing live is there, marks it in flight with this fingerprint, in one
   * step, so two requests can never both believe they came first.
   */
  claim(scope: string, key: string, fingerprint: string): Claim {
    this.#writeBehind();
    const nowUs = this.#now();
    this.sweep(nowUs);
    const id = recordId(scope, key);
    const existing = this.#live(id, nowUs);
    if (existing?.state === 'in-flight') return { outcome: 'in-flight', record: existing };
    if (existing?.state === 'completed') return { outcome: 'completed', record: existing };
    const record: InFlightRecord = { state: 'in-flight', scope, key, fingerprint, startedAtUs: nowUs };
    this.#records.set(id, record);
    return { outcome: 'claimed', record };
  }

  /** Stores the response of a claimed request; from now on repeats replay it, until it expires. */
  complete(ticket: InFlightRecord, response: HttpResponse): CompletedRecord {
    const id = this.#owned(ticket);
    const completedAtUs = this.#now();
    const record: CompletedRecord = {
      state: 'completed', scope: ticket.scope, key: ticket.key, fingerprint: ticket.fingerprint,
      response, completedAtUs, expiresAtUs: completedAtUs + this.retentionUs,
    };
    if (this.commit === 'write-behind') this.#unwritten.push({ id, record });
    else this.#write(id, record);
    return record;
  }

  #write(id: string, record: CompletedRecord): void {
    this.#records.set(id, record);
    this.#enqueue({ id, record });
  }

  /** Into the expiry queue and the caller's quota, which may push the caller's oldest records out. */
  #enqueue(entry: QueuedRecord): void {
    this.#expiryQueue.push(entry);
    for (const oldest of this.#quota.add(entry)) this.#records.delete(oldest.id);
    // Records the quota forgot stay in the queue until their expiry, holding their responses: a queue more
    // than twice what the store holds is rebuilt from what it holds, so the quota bounds memory too. What the
    // sweep has passed is forgotten or stale, so that goes with the rest.
    if (this.#expiryQueue.length > 2 * this.#records.size + 1024) {
      this.#expiryQueue = this.#expiryQueue.filter(this.#holds);
      this.#expiryHead = 0;
    }
  }

  // Runs on every use of the store: no array is allocated when nothing waits, which is always outside write-behind.
  #writeBehind(): void {
    for (const { id, record } of this.#unwritten) this.#write(id, record);
    this.#unwritten.length = 0;
  }

  /**
   * After a restart: the process that claimed in-flight records is gone, so they go too, and a re-send runs
   * afresh; write-behind completions not yet written are lost. Completed records are durable and stay.
   * Returns how many records it forgot.
   */
  recover(): number {
    this.#unwritten.length = 0;
    let forgotten = 0;
    for (const [id, record] of this.#records) {
      if (record.state === 'in-flight') {
        this.#records.delete(id);
        forgotten++;
      }
    }
    return forgotten;
  }

  /** Forgets a claimed request that stored nothing (it threw, or failed with 5xx), so a retry runs afresh. */
  abandon(ticket: InFlightRecord): void {
    this.#records.delete(this.#owned(ticket));
  }

  /**
   * Forgets expired records from the front of the expiry queue, looking at no more than `sweepLimit`
   * entries. Returns how many records it forgot. `claim` calls it; a caller may call it at quiet times too.
   */
  sweep(nowUs: number = this.#now()): number {
    let forgotten = 0;
    const end = Math.min(this.#expiryQueue.length, this.#expiryHead + this.sweepLimit);
    while (this.#expiryHead < end) {
      const entry = this.#expiryQueue[this.#expiryHead]!;
      if (entry.record.expiresAtUs > nowUs) break;
      if (this.#holds(entry)) {
        this.#forget(entry.id, entry.record);
        forgotten++;
      }
      this.#expiryHead++;
    }
    // Drop the consumed front now and then, so the array does not keep every completion of a long run: once
    // it is 1024 entries and at least half the array, so that the copy is never longer than what it frees.
    if (this.#expiryHead >= 1024 && this.#expiryHead * 2 >= this.#expiryQueue.length) {
      this.#expiryQueue = this.#expiryQueue.slice(this.#expiryHead);
      this.#expiryHead = 0;
    }
    return forgotten;
  }

  /** Records held, live or expired but not yet forgotten. */
  get size(): number {
    return this.#records.size;
  }

  /** Entries the expiry queue still holds (stale ones included): what a leak would show first. */
  get expiryQueueLength(): number {
    return this.#expiryQueue.length - this.#expiryHead;
  }

  /**
   * Entries the queue's array takes in memory: those still held plus the swept front not yet dropped. A leak
   * of swept entries shows here, and only here.
   */
  get expiryQueueFootprint(): number {
    return this.#expiryQueue.length;
  }

  /** Entries the callers' quota ledgers take, stale ones included. */
  get quotaFootprint(): number {
    return this.#quota.footprint;
  }

  #live(id: string, nowUs: number): IdempotencyRecord | undefined {
    const record = this.#records.get(id);
    if (record?.state === 'completed' && record.expiresAtUs <= nowUs) {
      this.#forget(id, record);
      return undefined;
    }
    return record;
  }

  #forget(id: string, record: CompletedRecord): void {
    this.#records.delete(id);
    this.#quota.remove(record);
  }

  /** What one caller holds against its quota now. */
  usage(scope: string): { readonly records: number; readonly bytes: number } {
    return this.#quota.usage(scope);
  }

  /** A ticket is honoured only while it is the record in the store: a stale one is a bug in the caller. */
  #owned(ticket: InFlightRecord): string {
    const id = recordId(ticket.scope, ticket.key);
    if (this.#records.get(id) !== ticket) {
      throw new Error(`idempotency record ${JSON.stringify([ticket.scope, ticket.key])} is not in flight under this ticket`);
    }
    return id;
  }
}

/** The scope's length in front keeps ("ab", "c") and ("a", "bc") apart without reserving a separator. */
function recordId(scope: string, key: string): string {
  return `${scope.length}:${scope}${key}`;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, not ${value}`);
  return value;
}
