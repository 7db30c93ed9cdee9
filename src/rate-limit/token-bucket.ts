export interface RateLimitSettings {
  /** Tokens a subject may spend in a burst: requests, or cost points for the graph budget. */
  readonly burst: number;
  /** Tokens per second the bucket refills, on the virtual clock. */
  readonly refillPerSecond: number;
}

/** Enough for a person or a well-behaved script; a loop hammering the API is slowed within a second. */
export const defaultRateLimit: RateLimitSettings = { burst: 30, refillPerSecond: 10 };

/**
 * A bucket that never empties (`npm start -- --rate-limit off`, for load tests that must not measure 429s):
 * an infinite burst minus a token is still infinite. The refill stays finite on purpose, since
 * `0 s × Infinity` is NaN and would refuse everything.
 */
export const noRateLimit: RateLimitSettings = { burst: Number.POSITIVE_INFINITY, refillPerSecond: 1 };

export type Admission = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

/** What taking some tokens did: `remaining` is after the charge when it was made, else what is there now. */
export type Take =
  | { readonly ok: true; readonly remaining: number }
  | { readonly ok: false; readonly remaining: number; readonly retryAfterSeconds: number };

/**
 * A token bucket per subject. Counting requests (one token each) is all a plain rate limit can do: one
 * expensive graph query costs the same token as a cheap GET, which is why the graph endpoint also charges its
 * cost estimate to a second bucket of cost points (spec §8.1).
 */
export class TokenBuckets {
  readonly settings: RateLimitSettings;
  readonly #buckets = new Map<string, { tokens: number; atUs: number }>();
  readonly #maxSubjects: number;

  /**
   * `maxSubjects` bounds memory when subjects are whatever a client sends (a login's username): past it, the
   * buckets that have refilled are forgotten (they hold nothing a new bucket would not), then the oldest.
   */
  constructor(settings: RateLimitSettings = defaultRateLimit, maxSubjects = Number.POSITIVE_INFINITY) {
    if (!(settings.burst >= 1 && settings.refillPerSecond > 0)) throw new RangeError('a rate limit needs burst >= 1 and a positive refill');
    this.settings = settings;
    this.#maxSubjects = maxSubjects;
  }

  admit(subject: string, nowUs: number): Admission {
    const take = this.take(subject, nowUs, 1);
    return take.ok ? { ok: true } : { ok: false, retryAfterSeconds: take.retryAfterSeconds };
  }

  /**
   * Takes `amount` tokens if the bucket holds them, else takes nothing: a refused request must not drain the
   * bucket, or a client that retries too early would never get through.
   */
  take(subject: string, nowUs: number, amount: number): Take {
    const { burst, refillPerSecond } = this.settings;
    let bucket = this.#buckets.get(subject);
    if (bucket === undefined) {
      if (this.#buckets.size >= this.#maxSubjects) this.#forget(nowUs);
      bucket = { tokens: burst, atUs: nowUs };
      this.#buckets.set(subject, bucket);
    }
    bucket.tokens = this.#refilled(bucket, nowUs);
    bucket.atUs = nowUs;
    if (bucket.tokens >= amount) {
      bucket.tokens -= amount;
      return { ok: true, remaining: bucket.tokens };
    }
    return { ok: false, remaining: bucket.tokens, retryAfterSeconds: Math.max(1, Math.ceil((amount - bucket.tokens) / refillPerSecond)) };
  }

  /** How many subjects are remembered now. */
  get subjects(): number {
    return this.#buckets.size;
  }

  /** Gives back tokens taken for something that turned out not to count (a login that succeeded). */
  refund(subject: string, amount: number): void {
    const bucket = this.#buckets.get(subject);
    if (bucket !== undefined) bucket.tokens = Math.min(this.settings.burst, bucket.tokens + amount);
  }

  #refilled(bucket: { readonly tokens: number; readonly atUs: number }, nowUs: number): number {
    return Math.min(this.settings.burst, bucket.tokens + ((nowUs - bucket.atUs) / 1_000_000) * this.settings.refillPerSecond);
  }

  /** Frees a tenth of the room at once, so a flood of new subjects costs one scan per many of them, not each. */
  #forget(nowUs: number): void {
    for (const [subject, bucket] of this.#buckets) if (this.#refilled(bucket, nowUs) >= this.settings.burst) this.#buckets.delete(subject);
    const keep = Math.floor(this.#maxSubjects * 0.9);
    for (const subject of this.#buckets.keys()) {
      if (this.#buckets.size <= keep) break;
      this.#buckets.delete(subject);
    }
  }
}
