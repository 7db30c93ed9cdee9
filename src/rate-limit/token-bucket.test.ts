import { describe, expect, it } from 'vitest';
import { bodyOf, TestOrigin } from '../testing-kit.js';
import { noRateLimit, TokenBuckets } from './token-bucket.js';

describe('rate limiting: a token bucket per subject on the virtual clock', () => {
  it('admits a burst, then refuses with the seconds to wait, then refills', () => {
    const buckets = new TokenBuckets({ burst: 3, refillPerSecond: 1 });
    expect([1, 2, 3].map(() => buckets.admit('a', 0).ok)).toEqual([true, true, true]);
    expect(buckets.admit('a', 0)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(buckets.admit('b', 0).ok).toBe(true);
    expect(buckets.admit('a', 1_000_000).ok).toBe(true);
  });

  it('never refuses with noRateLimit, however many requests arrive at one instant', () => {
    const buckets = new TokenBuckets(noRateLimit);
    expect(Array.from({ length: 10_000 }, () => buckets.admit('a', 0).ok).every(Boolean)).toBe(true);
    expect(buckets.admit('a', 5_000_000).ok).toBe(true);
  });

  it('remembers at most maxSubjects: the refilled buckets are forgotten first, then the oldest', () => {
    const buckets = new TokenBuckets({ burst: 2, refillPerSecond: 1 }, 100);
    for (let i = 0; i < 99; i++) buckets.admit(`early-${i}`, 0);
    buckets.take('drained', 5_000_000, 2);
    for (let i = 0; i < 50; i++) buckets.admit(`late-${i}`, 5_000_000);
    expect(buckets.subjects).toBeLessThanOrEqual(100);
    // The early ones had refilled by 5 s and went first; the drained one is remembered: forgetting it would hand it a fresh burst.
    expect(buckets.admit('drained', 5_000_000).ok).toBe(false);
  });

  it('answers 429 with Retry-After at the origin, after gate 1 and before any resource', async () => {
    const t = new TestOrigin({ rateLimit: { burst: 2, refillPerSecond: 0.5 } });
    const bob = t.session('bob');
    await t.send('GET', '/orders/123', bob);
    await t.send('GET', '/orders/123', bob);
    const limited = await t.send('PATCH', '/orders/123', bob, { delivery_address: 'never applied' });
    expect([limited.status, limited.headers['retry-after'], bodyOf(limited).type]).toEqual([429, '2', '/problems/rate-limited']);
    expect(t.origin.state().orders.find((o) => o.id === 123)!.delivery_address).toBe('22 Birch Road');
    expect((await t.send('GET', '/orders/123')).status).toBe(401); // gate 1 still comes first
  });
});
