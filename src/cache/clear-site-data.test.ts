import { describe, expect, it } from 'vitest';
import { type Headers, type HttpRequest, type HttpResponse, request, response } from '../http/message.js';
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
