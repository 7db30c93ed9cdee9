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

  constructor(settings: RateLimitSettings = defaultRateLimit) {
    if (!(settings.burst >= 1 && settings.refillPerSecond > 0)) throw new RangeError('a rate limit needs burst >= 1 and a positive refill');
    this.settings = settings;
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
    const bucket = this.#buckets.get(subject) ?? { tokens: burst, atUs: nowUs };
    bucket.tokens = Math.min(burst, bucket.tokens + ((nowUs - bucket.atUs) / 1_000_000) * refillPerSecond);
    bucket.atUs = nowUs;
    this.#buckets.set(subject, bucket);
    if (bucket.tokens >= amount) {
      bucket.tokens -= amount;
      return { ok: true, remaining: bucket.tokens };
    }
    return { ok: false, remaining: bucket.tokens, retryAfterSeconds: Math.max(1, Math.ceil((amount - bucket.tokens) / refillPerSecond)) };
  }
}
