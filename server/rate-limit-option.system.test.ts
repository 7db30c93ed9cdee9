import { afterEach, describe, expect, it } from 'vitest';
import { startOriginServer, type RunningOrigin } from './origin-server.js';
import { parseRateLimit, type RateLimitOption, rateLimitSettings } from './rate-limit-option.js';
import { sessionCookie } from './test-kit/demo-login.js';

const nestedSample = JSON.stringify({
  query: 'query Sample($id: ID!, $limit: Int) { user(id: $id) { name posts(limit: $limit) { title author { name } comments { body author { name } } } } }',
  variables: { id: '1', limit: 3 },
});

let running: RunningOrigin | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** Statuses of `count` GETs of alice's order and `count` nested graph queries, all sent at once by one caller. */
async function burst(option: RateLimitOption, count: number): Promise<{ readonly gets: number[]; readonly queries: number[] }> {
  running = await startOriginServer({ settings: rateLimitSettings(option) });
  const url = running.url;
  const cookie = await sessionCookie(url, 'alice');
  const many = (send: () => Promise<Response>): Promise<number[]> => Promise.all(Array.from({ length: count }, async () => (await send()).status));
  const gets = await many(() => fetch(`${url}/orders/121`, { headers: { cookie } }));
  const queries = await many(() => fetch(`${url}/graphql`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: nestedSample }));
  return { gets, queries };
}

describe('--rate-limit on the real server', () => {
  it('maps N/s to a bucket of three seconds of refill, like the default (10/s, burst 30)', () => {
    expect(rateLimitSettings(parseRateLimit('10/s')!)).toEqual({ rateLimit: { burst: 30, refillPerSecond: 10 } });
    expect(rateLimitSettings(parseRateLimit('0.1')!)).toEqual({ rateLimit: { burst: 1, refillPerSecond: 0.1 } });
    expect(rateLimitSettings(parseRateLimit(undefined)!)).toEqual({});
  });

  it('refuses part of a burst by default: the bucket holds 30 requests', async () => {
    const { gets, queries } = await burst({ kind: 'default' }, 40);
    expect(gets.filter((s) => s === 429).length).toBeGreaterThan(0);
    // The GETs spent the bucket; it refills at 10 a second while the queries arrive, so only some are refused.
    expect(queries.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('off lifts both: forty GETs and forty nested queries at once, every one 200', async () => {
    const { gets, queries } = await burst({ kind: 'off' }, 40);
    expect(gets.every((s) => s === 200)).toBe(true);
    expect(queries.every((s) => s === 200)).toBe(true);
  });
});
