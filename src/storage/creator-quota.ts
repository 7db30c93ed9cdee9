/**
 * What one caller may keep in one store: a count of records and the UTF-8 bytes of their text. Every record
 * lives in memory and a data folder is loaded whole at start, so without a bound a few callers filled the
 * heap in a minute, and the folder then could not start on a smaller one.
 */
export interface Quota {
  readonly count: number;
  readonly bytes: number;
}

/** What a caller's records in one store take now. */
export interface Usage {
  readonly count: number;
  readonly bytes: number;
}

/**
 * A write the quota refuses: which bound (the store's noun for the count, or `bytes`), what the caller
 * holds, what the write would have made it, and the sentence a refusal says, the same over REST and graph.
 */
export interface QuotaRefusal {
  readonly ok: false;
  readonly limit: string;
  readonly max: number;
  readonly used: number;
  readonly wanted: number;
  readonly detail: string;
}

export type QuotaCheck = { readonly ok: true } | QuotaRefusal;

/**
 * Each creator's usage of one store, derived from the records (at start and after an undone commit the
 * store tallies it again), never written. The rule is one for every store: a write is checked before its
 * effect, in the same synchronous step, and refused whole past either bound; nothing is forgotten to make
 * room, since what a caller made is theirs to delete.
 */
export class CreatorQuota {
  readonly #noun: string;
  readonly #quota: Quota;
  readonly #usage = new Map<number, { count: number; bytes: number }>();

  /** `noun`: what the store keeps, plural ("notes"), as a refusal names the count. */
  constructor(noun: string, quota: Quota) {
    this.#noun = noun;
    this.#quota = quota;
  }

  usage(creator: number): Usage {
    return this.#usage.get(creator) ?? { count: 0, bytes: 0 };
  }

  /**
   * Whether `creator` may hold `count` more records and `bytes` more bytes; a replacement passes 0 and the
   * difference, which may be negative.
   */
  room(creator: number, count: number, bytes: number): QuotaCheck {
    const used = this.usage(creator);
    const wantedCount = used.count + count;
    const wantedBytes = used.bytes + bytes;
    if (count > 0 && wantedCount > this.#quota.count) return this.#refusal(this.#noun, this.#quota.count, used.count, wantedCount);
    if (bytes > 0 && wantedBytes > this.#quota.bytes) return this.#refusal('bytes', this.#quota.bytes, used.bytes, wantedBytes);
    return { ok: true };
  }

  /** A change the store made: records and bytes added (or, negative, given back). */
  count(creator: number, count: number, bytes: number): void {
    const usage = this.#usage.get(creator) ?? { count: 0, bytes: 0 };
    usage.count += count;
    usage.bytes += bytes;
    if (usage.count === 0) this.#usage.delete(creator);
    else this.#usage.set(creator, usage);
  }

  /** Forgets every usage, for the store to tally its records again. */
  clear(): void {
    this.#usage.clear();
  }

  #refusal(limit: string, max: number, used: number, wanted: number): QuotaRefusal {
    const what = limit === 'bytes' ? `bytes of ${this.#noun}` : this.#noun;
    const detail = `This write would make your ${what} ${wanted}; each caller may keep at most ${max}. Delete or shorten ${this.#noun} you made first.`;
    return { ok: false, limit, max, used, wanted, detail };
  }
}
