import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HttpRequest, type HttpResponse, request, response } from '../http/message.js';
import type { Lookup } from './decisions.js';
import { SharedCache } from './shared-cache.js';
import { virtualClockPolicy } from './virtual-clock-policy.js';

const secondsUs = (s: number): number => s * 1_000_000;
const get = request('GET', '/notes/1');

/** Sends `req` through `cache` at `atUs`, and `res` back at the same instant if it went upstream. */
function exchange(cache: SharedCache, req: HttpRequest, res: HttpResponse, atUs: number): unknown {
  const lookup: Lookup = cache.lookup(req, atUs);
  if (lookup.kind === 'hit') return lookup;
  return { lookup: { ...lookup, stale: undefined }, outcome: cache.onResponse(lookup, res, atUs) };
}

/** Stores, hits, goes stale, revalidates, refreshes and invalidates: every path that reads the time. */
function script(): unknown[] {
  const cache = new SharedCache();
  const tagged = response(200, { 'cache-control': 'max-age=60', etag: '"v1"' }, '{"id":1}');
  const notModified = response(304, { etag: '"v1"', 'cache-control': 'max-age=60' });
  return [
    exchange(cache, get, tagged, 0),
    exchange(cache, get, tagged, secondsUs(59.4)),
    exchange(cache, get, tagged, secondsUs(59.6)),
    exchange(cache, get, notModified, secondsUs(60)),
    exchange(cache, get, tagged, secondsUs(100)),
    exchange(cache, request('PUT', '/notes/1'), response(200), secondsUs(101)),
    exchange(cache, get, tagged, secondsUs(102)),
  ];
}

describe('the cache runs on the virtual clock only', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('never reads the wall clock, not even in the policy the library builds itself after a 304', () => {
    const wallClock = vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('the cache read the wall clock');
    });
    expect(() => script()).not.toThrow();
    expect(wallClock).not.toHaveBeenCalled();
  });

  it('decides exactly the same whatever the wall clock says', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2001-02-03T04:05:06Z'));
    const early = script();
    vi.setSystemTime(new Date('2099-12-31T23:59:59Z'));
    expect(script()).toEqual(early);
    expect(early[1]).toMatchObject({ kind: 'hit', ageS: 59 }); // Age rounds to whole seconds
    expect(early[2]).toMatchObject({ kind: 'hit', ageS: 60 });
    expect(early[3]).toMatchObject({ lookup: { kind: 'revalidate' }, outcome: { storage: { kind: 'refreshed' } } });
    expect(early[4]).toMatchObject({ kind: 'hit', ageS: 40 }); // the refreshed policy counts from the 304
  });

  it('gives the library a receipt time on the virtual clock, in milliseconds, also for the policy revalidatedPolicy builds', () => {
    let nowUs = 1_500;
    const Policy = virtualClockPolicy(() => nowUs);
    const policy = new Policy({ method: 'GET', url: '/a', headers: {} }, { status: 200, headers: { 'cache-control': 'max-age=60', etag: '"x"' } });
    expect(policy.date()).toBe(1.5); // no `date` header: the library falls back to the receipt time
    nowUs = secondsUs(61);
    expect(policy.stale()).toBe(true);
    const next = policy.revalidatedPolicy({ method: 'GET', url: '/a', headers: {} }, { status: 304, headers: { etag: '"x"' } }).policy;
    expect(next).toBeInstanceOf(Policy);
    expect(next.date()).toBe(61_000);
    nowUs = secondsUs(61 + 59);
    expect(next.stale()).toBe(false);
  });
});

describe('what the library does with the `date` header', () => {
  it('measures max-age from the receipt time, whatever calendar date the origin put in `date`', () => {
    const cache = new SharedCache();
    const dated = response(200, { 'cache-control': 'max-age=60', date: 'Tue, 15 Nov 1994 08:12:31 GMT' }, '{}');
    exchange(cache, get, dated, secondsUs(5));
    const hit = cache.lookup(get, secondsUs(64));
    expect(hit).toMatchObject({ kind: 'hit', response: { headers: { date: 'Tue, 15 Nov 1994 08:12:31 GMT', age: '59' } } });
    expect(cache.lookup(get, secondsUs(65)).kind).toBe('miss');
  });

  it('measures Expires from `date` when the origin sends one, and from the virtual receipt time when it does not', () => {
    const withDate = new SharedCache();
    const expiresLater = response(200, { date: 'Tue, 15 Nov 1994 08:12:31 GMT', expires: 'Tue, 15 Nov 1994 08:14:31 GMT' }, '{}');
    expect(exchange(withDate, get, expiresLater, secondsUs(5))).toMatchObject({ outcome: { storage: { kind: 'stored', freshnessS: 120 } } });

    const withoutDate = new SharedCache();
    const expiresAtOneMinute = response(200, { expires: 'Thu, 01 Jan 1970 00:01:00 GMT' }, '{}');
    expect(exchange(withoutDate, get, expiresAtOneMinute, secondsUs(10))).toMatchObject({ outcome: { storage: { kind: 'stored', freshnessS: 50 } } });
    expect(withoutDate.lookup(get, secondsUs(60) - 1).kind).toBe('hit');
    expect(withoutDate.lookup(get, secondsUs(60)).kind).toBe('miss');
  });

  it('serves a hit without the 1970 `date` the library would stamp when the origin sent none', () => {
    const cache = new SharedCache();
    exchange(cache, get, response(200, { 'cache-control': 'max-age=60' }, '{}'), 0);
    const hit = cache.lookup(get, secondsUs(1));
    expect(hit.kind === 'hit' && hit.response.headers).toEqual({ 'cache-control': 'max-age=60', age: '1' });
  });
});
