import { describe, expect, it } from 'vitest';
import { type Headers, type HttpRequest, type HttpResponse, request, response } from '../http/message.js';
import { clearsCache, credentialKeys } from './credential-keys.js';
import { SharedCache } from './shared-cache.js';

const get = (path: string, headers: Headers): HttpRequest => request('GET', path, headers);
const note = response(200, { 'cache-control': 'public, max-age=60', vary: 'authorization, cookie' }, '{"content":"x"}');
const logout = response(204, { 'cache-control': 'no-store', 'clear-site-data': '"cache"' }, undefined);

function send(cache: SharedCache, req: HttpRequest, res: HttpResponse, atUs = 0) {
  const lookup = cache.lookup(req, atUs);
  if (lookup.kind === 'hit') throw new Error(`expected ${req.path} to go upstream`);
  return cache.onResponse(lookup, res, atUs);
}

describe('Clear-Site-Data: "cache" (without it a logged-out session still read from the cache)', () => {
  const alice = { cookie: 'sid=a1; theme=dark' };
  const bob = { cookie: 'sid=b2' };

  it('discards every response stored for the credentials of the request it answers, and only those', () => {
    const cache = new SharedCache();
    for (const path of ['/notes/1', '/notes/2']) {
      send(cache, get(path, alice), note);
      send(cache, get(path, bob), note);
    }
    // Without the header, or on an error, a response discards nothing beyond its own URL.
    send(cache, request('DELETE', '/sessions/current', alice), response(204, {}, undefined));
    send(cache, request('DELETE', '/sessions/current', alice), response(400, { 'clear-site-data': '"cache"' }, '{}'));
    expect(cache.size).toBe(4);
    const outcome = send(cache, request('DELETE', '/sessions/current', { cookie: 'sid=a1' }), logout);
    expect(outcome.invalidations).toEqual([{ key: '/sessions/current', discarded: 0 }, { key: '/notes/1', discarded: 1 }, { key: '/notes/2', discarded: 1 }]);
    expect(cache.lookup(get('/notes/1', alice), 1).kind).toBe('miss');
    expect(cache.lookup(get('/notes/1', bob), 1).kind).toBe('hit');
    expect(cache.size).toBe(2);
  });

  it('keeps a response that was in flight during the logout out of the store', () => {
    const cache = new SharedCache();
    const inFlight = cache.lookup(get('/notes/1', alice), 0);
    if (inFlight.kind === 'hit') throw new Error('unexpected hit');
    send(cache, request('DELETE', '/sessions/current', alice), logout);
    expect(cache.onResponse(inFlight, note, 1).storage).toEqual({ kind: 'not-stored', reason: 'invalidated in flight' });
  });
});

describe('Clear-Site-Data over a cache that keeps changing', () => {
  const alice = { cookie: 'sid=a1' };
  const put = (path: string) => request('PUT', path, alice, '{"content":"y"}');

  it('is obeyed on any 2xx and on nothing else: not on an interim 1xx, not on a 3xx', () => {
    for (const [status, clears] of [[103, false], [200, true], [299, true], [300, false]] as const) {
      const cache = new SharedCache();
      send(cache, get('/notes/1', alice), note);
      send(cache, request('POST', '/sessions/current/end', alice), response(status, { 'clear-site-data': '"cache"' }, undefined));
      expect(cache.lookup(get('/notes/1', alice), 1).kind, String(status)).toBe(clears ? 'miss' : 'hit');
    }
  });

  it('finds a response that a 304 refreshed, under the credentials of the request that revalidated it', () => {
    const cache = new SharedCache();
    const mine = response(200, { 'cache-control': 'public, max-age=10', vary: 'cookie', etag: '"a"' }, '"alice"');
    send(cache, get('/me', alice), mine);
    const refreshed = send(cache, get('/me', alice), response(304, { etag: '"a"' }), 11_000_000);
    expect(refreshed.storage).toEqual({ kind: 'refreshed', freshnessS: 10 });
    const outcome = send(cache, request('DELETE', '/sessions/current', alice), logout, 12_000_000);
    expect(outcome.invalidations).toContainEqual({ key: '/me', discarded: 1 });
    expect(cache.lookup(get('/me', alice), 12_000_001).kind).toBe('miss');
    expect(cache.credentials).toBe(0);
  });

  it('still finds the rest of what a credential fetched after a write took one of them', () => {
    const cache = new SharedCache();
    for (const path of ['/notes/1', '/notes/2']) send(cache, get(path, alice), note);
    send(cache, put('/notes/1'), response(200, {}, '{}'));
    expect(cache.credentials).toBe(1);
    const outcome = send(cache, request('DELETE', '/sessions/current', alice), logout);
    expect(outcome.invalidations).toEqual([{ key: '/sessions/current', discarded: 0 }, { key: '/notes/2', discarded: 1 }]);
    expect(cache.size).toBe(0);
  });

  it('forgets a credential once nothing it fetched is stored, a cookie pair sent twice included', () => {
    const cache = new SharedCache();
    for (let n = 0; n < 50; n++) send(cache, get(`/notes/${n}`, { cookie: `sid=${n}; sid=${n}` }), note);
    expect(cache.credentials).toBe(50);
    for (let n = 0; n < 50; n++) send(cache, put(`/notes/${n}`), response(200, {}, '{}'));
    expect({ size: cache.size, credentials: cache.credentials }).toEqual({ size: 0, credentials: 0 });
    // A logout now has nothing of its own to discard.
    expect(send(cache, request('DELETE', '/sessions/current', { cookie: 'sid=1' }), logout).invalidations).toEqual([{ key: '/sessions/current', discarded: 0 }]);
  });
});

describe('the credentials a stored response is filed under', () => {
  it('are the Authorization value and each Cookie pair, with the whitespace around them taken off', () => {
    expect(credentialKeys({ authorization: ' Bearer alice ', cookie: ' sid=a1;theme=dark ; lang=en' }))
      .toEqual(['authorization Bearer alice', 'cookie sid=a1', 'cookie theme=dark', 'cookie lang=en']);
  });

  it('are none for a request without credentials, and empty members name nobody', () => {
    expect(credentialKeys({})).toEqual([]);
    // An empty value would be one key shared by every caller that sends it, so a logout would clear them all.
    expect(credentialKeys({ authorization: '  ', cookie: ' ; sid=a1;; ' })).toEqual(['cookie sid=a1']);
  });

  it('let a logout by bearer token clear what that token fetched, and only that', () => {
    const cache = new SharedCache();
    const alice = { authorization: 'Bearer alice' };
    const bob = { authorization: 'Bearer bob' };
    for (const who of [alice, bob]) send(cache, get('/notes/1', who), note);
    const outcome = send(cache, request('DELETE', '/sessions/current', alice), logout);
    expect(outcome.invalidations).toEqual([{ key: '/sessions/current', discarded: 0 }, { key: '/notes/1', discarded: 1 }]);
    expect(cache.lookup(get('/notes/1', alice), 1).kind).toBe('miss');
    expect(cache.lookup(get('/notes/1', bob), 1).kind).toBe('hit');
  });
});

describe('which Clear-Site-Data values clear the cache (W3C Clear-Site-Data)', () => {
  it('is any list with a "cache" or a "*" member, whatever else it names and however it is spaced', () => {
    for (const value of ['"cache"', '"*"', '"cookies", "cache"', '"storage",  "*" ', ' "cache" ,"cookies"']) expect(clearsCache(value), value).toBe(true);
  });

  it('is no other value: another type, an unquoted word, or no header at all', () => {
    for (const value of ['"cookies"', '"storage", "executionContexts"', 'cache', '*', '', '""']) expect(clearsCache(value), value).toBe(false);
    expect(clearsCache(undefined)).toBe(false);
  });
});
