import { defaultGraphSettings } from '../src/graph/endpoint.js';
import type { OriginSettings } from '../src/origin.js';
import { defaultRateLimit, noRateLimit } from '../src/rate-limit/token-bucket.js';

/** `--rate-limit`: requests per second per caller, or off. */
export type RateLimitOption = { readonly kind: 'default' } | { readonly kind: 'off' } | { readonly kind: 'per-second'; readonly requestsPerSecond: number };

/**
 * The default's burst is three seconds of its refill (30 at 10/s); `N/s` keeps that shape, so `10/s` is the
 * default and a client that pauses can still send a page's worth of requests at once.
 */
const burstSeconds = defaultRateLimit.burst / defaultRateLimit.refillPerSecond;

/** Reads `N/s` (N a positive number; the `/s` may be left out) or `off`; undefined for anything else. */
export function parseRateLimit(text: string | undefined): RateLimitOption | undefined {
  if (text === undefined) return { kind: 'default' };
  if (text === 'off') return { kind: 'off' };
  const match = /^(\d+(?:\.\d+)?)(?:\/s)?$/.exec(text);
  const requestsPerSecond = Number(match?.[1]);
  return match !== null && requestsPerSecond > 0 ? { kind: 'per-second', requestsPerSecond } : undefined;
}

/**
 * What the option changes in the origin's settings. `off` also switches off the graph's cost budget: it is a
 * second rate limit (points per caller), and a load test of `/graphql` would otherwise measure its 429s.
 */
export function rateLimitSettings(option: RateLimitOption): Partial<OriginSettings> {
  switch (option.kind) {
    case 'default':
      return {};
    case 'off':
      return { rateLimit: noRateLimit, graph: { ...defaultGraphSettings, costBudget: { ...defaultGraphSettings.costBudget, maximumAvailable: Number.POSITIVE_INFINITY } } };
    case 'per-second':
      return { rateLimit: { burst: Math.max(1, Math.ceil(option.requestsPerSecond * burstSeconds)), refillPerSecond: option.requestsPerSecond } };
  }
}
