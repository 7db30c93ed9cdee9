export interface RateLimitSettings {
  /** Requests a subject may send in a burst. */
  readonly burst: number;
  /** Requests per second the bucket refills, on the virtual clock. */
  readonly refillPerSecond: number;
}

/** Enough for a person or a well-behaved script; a loop hammering the API is slowed within a second. */
export const defaultRateLimit: RateLimitSettings = { burst: 30, refillPerSecond: 10 };

export type Admission = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

/**
 * A token bucket per subject. It counts requests, which is all a rate limit can do: one expensive graph query
 * costs the same token as a cheap GET, which is why the graph endpoint also needs cost limits (spec §8.1).
 */
export class TokenBuckets {
  readonly #settings: RateLimitSettings;
  readonly #buckets = new Map<string, { tokens: number; atUs: number }>();

  constructor(settings: RateLimitSettings = defaultRateLimit) {
    if (!(settings.burst >= 1 && settings.refillPerSecond > 0)) throw new RangeError('a rate limit needs burst >= 1 and a positive refill');
    this.#settings = settings;
  }

  admit(subject: string, nowUs: number): Admission {
    const { burst, refillPerSecond } = this.#settings;
    const bucket = this.#buckets.get(subject) ?? { tokens: burst, atUs: nowUs };
    bucket.tokens = Math.min(burst, bucket.tokens + ((nowUs - bucket.atUs) / 1_000_000) * refillPerSecond);
    bucket.atUs = nowUs;
    this.#buckets.set(subject, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond)) };
  }
}
