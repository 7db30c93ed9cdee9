import { describe, expect, it } from 'vitest';
import { type Headers, type HttpRequest, type HttpResponse, request, response } from '../http/message.js';
import type { Forward, Lookup, ResponseOutcome } from './decisions.js';
import { SharedCache } from './shared-cache.js';

const secondsUs = (s: number): number => s * 1_000_000;
const get = (path = '/notes/1', headers: Headers = {}): HttpRequest => request('GET', path, headers);
const ok = (headers: Headers, body = '{"id":1,"content":"milk"}'): HttpResponse => response(200, { 'content-type': 'application/json', ...headers }, body);

function forwarded(lookup: Lookup): Forward {
  if (lookup.kind === 'hit') throw new Error('expected the request to go upstream, but it was a hit');
  return lookup;
}

/** The request passes the cache at `atUs`, reaches the origin, and `res` comes back at the same instant. */
function through(cache: SharedCache, req: HttpRequest, res: HttpResponse, atUs: number): { lookup: Forward; outcome: ResponseOutcome } {
  const lookup = forwarded(cache.lookup(req, atUs));
  return { lookup, outcome: cache.onResponse(lookup, res, atUs) };
}

describe('freshness on the virtual clock (RFC 9111 §4.2, shared cache)', () => {
  it('answers a repeat GET while fresh, with the same status and body and an Age of the time it was kept', () => {
    const cache = new SharedCache();
    const stored = ok({ 'cache-control': 'max-age=60' });
    const first = through(cache, get(), stored, 0);
    expect(first.lookup).toMatchObject({ kind: 'miss', reason: 'nothing stored' });
    expect(first.outcome).toMatchObject({ response: stored, revalidated: false, storage: { kind: 'stored', freshnessS: 60, replaced: 0 } });

    const hit = cache.lookup(get(), secondsUs(30));
    expect(hit.kind).toBe('hit');
    if (hit.kind !== 'hit') return;
    expect(hit.ageS).toBe(30);
    expect(hit.response).toEqual({ status: 200, headers: { ...stored.headers, age: '30' }, body: stored.body, bodyBytes: stored.bodyBytes });
  });

  it('is fresh until max-age has passed and stale from that instant on', () => {
    const cache = new SharedCache();
    through(cache, get(), ok({ 'cache-control': 'max-age=60' }), secondsUs(1));
    expect(cache.lookup(get(), secondsUs(61) - 1).kind).toBe('hit');
    expect(cache.lookup(get(), secondsUs(61))).toMatchObject({ kind: 'miss', reason: 'stale' });
    // Stale with no validator: it can never answer again, so it is gone.
    expect(cache.size).toBe(0);
    expect(cache.lookup(get(), secondsUs(62))).toMatchObject({ kind: 'miss', reason: 'nothing stored' });
  });

  it('drops only the variant that went stale without a validator, and keeps the others of its URL', () => {
    const cache = new SharedCache();
    const as = (who: string) => get('/me', { cookie: who });
    through(cache, as('alice'), ok({ 'cache-control': 'public, max-age=10', vary: 'cookie' }, '"alice"'), 0);
    through(cache, as('bob'), ok({ 'cache-control': 'public, max-age=60', vary: 'cookie' }, '"bob"'), 0);
    expect(cache.lookup(as('alice'), secondsUs(10))).toMatchObject({ kind: 'miss', reason: 'stale' });
    expect(cache.size).toBe(1);
    expect(cache.variants('/me').map((v) => v.body)).toEqual(['"bob"']);
    expect(cache.lookup(as('alice'), secondsUs(11))).toMatchObject({ kind: 'miss', reason: 'no variant for this request' });
    expect(cache.lookup(as('bob'), secondsUs(11)).kind).toBe('hit');
  });

  it('counts the Age the upstream already gave a response against its freshness', () => {
    const cache = new SharedCache();
    through(cache, get(), ok({ 'cache-control': 'max-age=60', age: '50' }), 0);
    const hit = cache.lookup(get(), secondsUs(5));
    expect(hit).toMatchObject({ kind: 'hit', ageS: 55 });
    expect(cache.lookup(get(), secondsUs(10))).toMatchObject({ kind: 'miss', reason: 'stale' });
  });

  it('uses s-maxage over max-age, as a shared cache must', () => {
    const cache = new SharedCache();
    through(cache, get(), ok({ 'cache-control': 'max-age=1, s-maxage=120' }), 0);
    expect(cache.lookup(get(), secondsUs(119)).kind).toBe('hit');
  });

  it('stores nothing that could never answer: no freshness and no validator', () => {
    const cache = new SharedCache();
    expect(through(cache, get(), ok({}), 0).outcome.storage).toEqual({ kind: 'not-stored', reason: 'no freshness, no validator' });
    expect(through(cache, get(), ok({ 'cache-control': 'max-age=60', 'set-cookie': 'a=b' }), 0).outcome.storage)
      .toEqual({ kind: 'not-stored', reason: 'set-cookie without public' });
    expect(through(cache, get(), ok({ 'cache-control': 'max-age=60', vary: '*' }), 0).outcome.storage)
      .toEqual({ kind: 'not-stored', reason: 'vary *' });
    expect(cache.size).toBe(0);
  });

  it('does not pile up responses that vary on `*`, however often they come back with a validator', () => {
    const cache = new SharedCache();
    for (let i = 0; i < 5; i++) {
      expect(through(cache, get(), ok({ etag: `"v${i}"`, vary: 'accept, *' }), i).outcome.storage).toEqual({ kind: 'not-stored', reason: 'vary *' });
    }
    expect(cache.size).toBe(0);
  });

  it('refuses a time before the last one it saw', () => {
    const cache = new SharedCache();
    cache.lookup(get(), 10);
    expect(() => cache.lookup(get(), 9)).toThrow(/backwards/);
  });
});

describe('what a shared cache may store (RFC 9111 §3, §3.5)', () => {
  it.each([
    ['no-store', 'max-age=60, no-store', 'no-store'],
    ['private', 'private, max-age=60', 'private'],
  ])('never stores %s', (_, cacheControl, reason) => {
    const cache = new SharedCache();
    expect(through(cache, get(), ok({ 'cache-control': cacheControl }), 0).outcome.storage).toEqual({ kind: 'not-stored', reason });
    expect(cache.lookup(get(), 1)).toMatchObject({ kind: 'miss', reason: 'nothing stored' });
  });

  it('stores nothing for a request that says no-store', () => {
    const cache = new SharedCache();
    const req = get('/notes/1', { 'cache-control': 'no-store' });
    expect(through(cache, req, ok({ 'cache-control': 'max-age=60' }), 0).outcome.storage).toEqual({ kind: 'not-stored', reason: 'request no-store' });
  });

  it('does not store an answer to a request with Authorization unless the response says it may be shared', () => {
    const withAuth = get('/notes/1', { authorization: 'Bearer alice' });
    const cache = new SharedCache();
    expect(through(cache, withAuth, ok({ 'cache-control': 'max-age=60' }), 0).outcome.storage)
      .toEqual({ kind: 'not-stored', reason: 'authorization without public' });
    expect(cache.lookup(withAuth, 1).kind).toBe('miss');
    for (const allows of ['public, max-age=60', 's-maxage=60', 'max-age=60, must-revalidate']) {
      expect(through(new SharedCache(), withAuth, ok({ 'cache-control': allows }), 0).outcome.storage, allows).toMatchObject({ kind: 'stored' });
    }
  });

  it('shares a public answer to an authorized request with everyone when it does not vary: that is what public means', () => {
    const cache = new SharedCache();
    through(cache, get('/notes/1', { authorization: 'Bearer alice' }), ok({ 'cache-control': 'public, max-age=60' }), 0);
    expect(cache.lookup(get('/notes/1', { authorization: 'Bearer bob' }), 1).kind).toBe('hit');
  });

  it('does not store a response to a method that is not cacheable, and asks nothing of the store for it', () => {
    const cache = new SharedCache();
    const post = request('POST', '/notes', {}, '{"content":"milk"}');
    const created = response(201, { 'cache-control': 'max-age=60', 'content-location': '/notes' }, '{}');
    const { lookup, outcome } = through(cache, post, created, 0);
    expect(lookup).toMatchObject({ kind: 'bypass', reason: 'POST is not cacheable' });
    expect(outcome).toEqual({
      response: created,
      revalidated: false,
      storage: undefined,
      invalidations: [{ key: '/notes', discarded: 0 }],
    });
    expect(cache.size).toBe(0);
  });
});

describe('Vary (RFC 9111 §4.1)', () => {
  it.each(['authorization', 'cookie'])('never serves a response that varies on %s to a request with another value', (field) => {
    const cache = new SharedCache();
    const alice = get('/me', { [field]: 'alice' });
    const bob = get('/me', { [field]: 'bob' });
    const nobody = get('/me');
    through(cache, alice, ok({ 'cache-control': 'public, max-age=60', vary: `accept, ${field}` }, '"alice"'), 0);
    expect(cache.lookup(bob, 1)).toMatchObject({ kind: 'miss', reason: 'no variant for this request' });
    expect(cache.lookup(nobody, 2).kind).toBe('miss');
    const hit = cache.lookup(alice, 3);
    expect(hit.kind === 'hit' && hit.response.body).toBe('"alice"');
  });

  it('keeps one variant per value under the same URL, and a new response replaces only its own variant', () => {
    const cache = new SharedCache();
    const as = (who: string) => get('/me', { cookie: `s=${who}` });
    const mine = (who: string, v: number) => ok({ 'cache-control': 'public, max-age=60', vary: 'Cookie' }, `"${who} v${v}"`);
    through(cache, as('alice'), mine('alice', 1), 0);
    through(cache, as('bob'), mine('bob', 1), 0);
    const reload = get('/me', { cookie: 's=alice', 'cache-control': 'no-cache' });
    expect(through(cache, reload, mine('alice', 2), 0)).toMatchObject({ lookup: { kind: 'miss', reason: 'request no-cache' }, outcome: { storage: { kind: 'stored', replaced: 1 } } });
    expect(cache.variants('/me')).toHaveLength(2);
    expect(cache.size).toBe(2);
    const body = (who: string) => {
      const hit = cache.lookup(as(who), 1);
      return hit.kind === 'hit' ? hit.response.body : undefined;
    };
    expect([body('alice'), body('bob')]).toEqual(['"alice v2"', '"bob v1"']);
  });
});

describe('invalidation by unsafe methods (RFC 9111 §4.4)', () => {
  const fresh = ok({ 'cache-control': 'max-age=600' });
  function cacheHolding(...paths: string[]): SharedCache {
    const cache = new SharedCache();
    for (const path of paths) through(cache, get(path), fresh, 0);
    return cache;
  }

  it.each([
    ['PUT', 200],
    ['DELETE', 204],
    ['PATCH', 200],
    ['POST', 303],
    ['BREW', 200], // a method whose safety is unknown counts as unsafe
  ])('%s answered %i discards the stored responses for its URL, and only those', (method, status) => {
    const cache = cacheHolding('/notes/1', '/notes/2', '/notes/1?view=short');
    const { outcome } = through(cache, request(method, '/notes/1'), response(status), 1);
    expect(outcome.invalidations).toEqual([{ key: '/notes/1', discarded: 1 }]);
    expect(cache.lookup(get('/notes/1'), 2).kind).toBe('miss');
    expect(cache.lookup(get('/notes/2'), 3).kind).toBe('hit');
    expect(cache.lookup(get('/notes/1?view=short'), 4).kind).toBe('hit'); // another URI
  });

  it('discards every variant of the URL', () => {
    const cache = new SharedCache();
    for (const who of ['alice', 'bob']) through(cache, get('/me', { cookie: who }), ok({ 'cache-control': 'public, max-age=60', vary: 'cookie' }), 0);
    expect(through(cache, request('PUT', '/me'), response(200), 1).outcome.invalidations).toEqual([{ key: '/me', discarded: 2 }]);
    expect(cache.size).toBe(0);
  });

  it('also discards what Location and Content-Location name on the same origin, relative references resolved', () => {
    const cache = cacheHolding('/notes', '/notes/3', '/notes/4', '/archive/3');
    const created = response(201, { location: '/notes/3', 'content-location': '../archive/3' });
    const { outcome } = through(cache, request('POST', '/notes/'), created, 1);
    expect(outcome.invalidations).toEqual([
      { key: '/notes/', discarded: 0 },
      { key: '/notes/3', discarded: 1 },
      { key: '/archive/3', discarded: 1 },
    ]);
    const relative = through(cache, request('PUT', '/notes/1'), response(200, { 'content-location': '4' }), 2);
    expect(relative.outcome.invalidations.map((i) => i.key)).toEqual(['/notes/1', '/notes/4']);
    expect(cache.lookup(get('/notes'), 3).kind).toBe('hit'); // `/notes/` is not `/notes`
  });

  it.each([
    'http://elsewhere.example/notes/3',
    'https://elsewhere.example/notes/3',
    '//elsewhere.example/notes/3',
    '\\\\elsewhere.example\\notes\\3',
  ])('never invalidates for another origin: Location %s', (location) => {
    const cache = cacheHolding('/notes/3');
    const { outcome } = through(cache, request('POST', '/notes'), response(201, { location }), 1);
    expect(outcome.invalidations.map((i) => i.key)).toEqual(['/notes']);
    expect(cache.lookup(get('/notes/3'), 2).kind).toBe('hit');
  });

  it.each([400, 404, 409, 412, 500, 503])('does not invalidate when the unsafe request failed (%i)', (status) => {
    const cache = cacheHolding('/notes/1');
    expect(through(cache, request('PUT', '/notes/1'), response(status, { location: '/notes/1' }), 1).outcome.invalidations).toEqual([]);
    expect(cache.lookup(get('/notes/1'), 2).kind).toBe('hit');
  });

  it('does not invalidate on a safe method', () => {
    const cache = cacheHolding('/notes/1');
    expect(through(cache, request('OPTIONS', '/notes/1'), response(200), 1).outcome.invalidations).toEqual([]);
    expect(cache.lookup(get('/notes/1'), 2).kind).toBe('hit');
  });

  it('does not store a GET response that left before a write passed: it may hold the content from before the write', () => {
    const cache = new SharedCache();
    const read = forwarded(cache.lookup(get(), 0));
    through(cache, request('PUT', '/notes/1', {}, '{"content":"new"}'), response(200), 10);
    const late = cache.onResponse(read, ok({ 'cache-control': 'max-age=60' }, '{"id":1,"content":"old"}'), 20);
    expect(late.storage).toEqual({ kind: 'not-stored', reason: 'invalidated in flight' });
    expect(cache.lookup(get(), 30)).toMatchObject({ kind: 'miss', reason: 'nothing stored' });
    // The next GET that left after the write is stored as usual.
    expect(through(cache, get(), ok({ 'cache-control': 'max-age=60' }), 40).outcome.storage).toMatchObject({ kind: 'stored' });
  });
});

describe('HEAD', () => {
  it('is not answered from a stored GET (the library matches the method exactly), but from a stored HEAD', () => {
    const cache = new SharedCache();
    through(cache, get(), ok({ 'cache-control': 'max-age=60' }), 0);
    const head = request('HEAD', '/notes/1');
    expect(cache.lookup(head, 1)).toMatchObject({ kind: 'miss', reason: 'no variant for this request' });
    cache.onResponse(forwarded(cache.lookup(head, 1)), response(200, { 'cache-control': 'max-age=60', 'content-type': 'application/json' }), 1);
    expect(cache.lookup(head, 2)).toMatchObject({ kind: 'hit', response: { status: 200, body: undefined } });
    const stillGet = cache.lookup(get(), 3);
    expect(stillGet.kind === 'hit' && stillGet.response.body).toBe('{"id":1,"content":"milk"}');
  });
});

describe('revalidation (RFC 9111 §4.3)', () => {
  const tagged = ok({ 'cache-control': 'max-age=10', etag: '"v1"' });

  it('sends a stale response with an ETag upstream as a conditional request, and a 304 serves the stored body with its 200', () => {
    const cache = new SharedCache();
    through(cache, get('/notes/1', { cookie: 'x' }), tagged, 0);
    const lookup = forwarded(cache.lookup(get('/notes/1', { cookie: 'x' }), secondsUs(11)));
    expect(lookup).toMatchObject({ kind: 'revalidate', reason: 'stale', request: { method: 'GET', path: '/notes/1', headers: { cookie: 'x', 'if-none-match': '"v1"' } } });
    expect(lookup.original.headers).toEqual({ cookie: 'x' });

    const outcome = cache.onResponse(lookup, response(304, { etag: '"v1"', 'cache-control': 'max-age=10' }), secondsUs(11));
    expect(outcome.revalidated).toBe(true);
    expect(outcome.storage).toEqual({ kind: 'refreshed', freshnessS: 10 });
    expect(outcome.response).toMatchObject({ status: 200, body: tagged.body, bodyBytes: tagged.bodyBytes, headers: { etag: '"v1"', age: '0' } });
    // Fresh again for ten seconds from the 304, on the same virtual clock.
    expect(cache.lookup(get('/notes/1', { cookie: 'x' }), secondsUs(20))).toMatchObject({ kind: 'hit', ageS: 9 });
    expect(cache.lookup(get('/notes/1', { cookie: 'x' }), secondsUs(21)).kind).toBe('revalidate');
  });

  it('revalidates with If-Modified-Since when Last-Modified is the only validator', () => {
    const cache = new SharedCache();
    through(cache, get(), ok({ 'cache-control': 'no-cache', 'last-modified': 'Thu, 01 Jan 1970 00:00:00 GMT' }), 0);
    expect(cache.lookup(get(), 1)).toMatchObject({ kind: 'revalidate', request: { headers: { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' } } });
  });

  it('replaces the stored response when the origin answers the conditional request in full', () => {
    const cache = new SharedCache();
    through(cache, get(), tagged, 0);
    const lookup = forwarded(cache.lookup(get(), secondsUs(11)));
    const changed = ok({ 'cache-control': 'max-age=10', etag: '"v2"' }, '{"id":1,"content":"eggs"}');
    expect(cache.onResponse(lookup, changed, secondsUs(11))).toMatchObject({ response: changed, revalidated: false, storage: { kind: 'stored', replaced: 1 } });
    const hit = cache.lookup(get(), secondsUs(12));
    expect(hit.kind === 'hit' && hit.response.body).toBe(changed.body);
  });

  it('does not put a revalidated body back into the store once a write has passed', () => {
    const cache = new SharedCache();
    through(cache, get(), tagged, 0);
    const lookup = forwarded(cache.lookup(get(), secondsUs(11)));
    through(cache, request('DELETE', '/notes/1'), response(204), secondsUs(11));
    const outcome = cache.onResponse(lookup, response(304, { etag: '"v1"' }), secondsUs(11));
    expect(outcome).toMatchObject({ revalidated: true, storage: { kind: 'not-stored', reason: 'invalidated in flight' }, response: { status: 200, body: tagged.body } });
    expect(cache.size).toBe(0);
  });

  it('leaves a stored response alone when a 304 carries another validator (§4.3.4)', () => {
    const cache = new SharedCache();
    through(cache, get(), tagged, 0);
    const lookup = forwarded(cache.lookup(get(), secondsUs(11)));
    const outcome = cache.onResponse(lookup, response(304, { etag: '"v9"' }), secondsUs(11));
    expect(outcome.storage).toEqual({ kind: 'not-stored', reason: 'validator mismatch' });
    // The client still gets a whole response: the stored one, the only body there is.
    expect(outcome).toMatchObject({ revalidated: true, response: { status: 200, body: tagged.body, headers: { etag: '"v1"', age: '11' } } });
    expect(cache.lookup(get(), secondsUs(12)).kind).toBe('revalidate'); // still the stale v1
  });

  it('honours a request no-cache by revalidating even a fresh response', () => {
    const cache = new SharedCache();
    through(cache, get(), tagged, 0);
    expect(cache.lookup(get('/notes/1', { 'cache-control': 'no-cache' }), 1)).toMatchObject({ kind: 'revalidate', reason: 'request no-cache' });
  });

  it('revalidates a must-revalidate response even while fresh: the library is stricter than §5.2.2.2 asks', () => {
    const cache = new SharedCache();
    through(cache, get(), ok({ 'cache-control': 'max-age=60, must-revalidate', etag: '"v1"' }), 0);
    expect(cache.lookup(get(), 1)).toMatchObject({ kind: 'revalidate', reason: 'must-revalidate' });
  });

  it('passes a 304 to a conditional request the client made itself through unchanged', () => {
    const cache = new SharedCache();
    const notModified = response(304, { etag: '"v1"' });
    const { lookup, outcome } = through(cache, get('/notes/1', { 'if-none-match': '"v1"' }), notModified, 0);
    expect(lookup.kind).toBe('miss');
    expect(outcome).toMatchObject({ response: notModified, revalidated: false, storage: { kind: 'not-stored', reason: 'not modified' } });
  });
});

describe('the store', () => {
  it('has no variants for a URL it never stored', () => {
    expect(new SharedCache().variants('/notes/1')).toEqual([]);
  });

  it('with invalidation switched off, reports no invalidation and keeps serving what it stored', () => {
    const cache = new SharedCache({ invalidation: 'never' });
    through(cache, get(), ok({ 'cache-control': 'max-age=60' }), 0);
    expect(through(cache, request('PUT', '/notes/1'), response(200), 1).outcome.invalidations).toEqual([]);
    expect(cache.lookup(get(), 2).kind).toBe('hit');
  });
});

describe('what the client asks of the stored response (RFC 9111 §5.2.1)', () => {
  const tagged = ok({ 'cache-control': 'max-age=60', etag: '"v1"' });

  it('treats Pragma: no-cache like Cache-Control: no-cache (§5.4)', () => {
    const cache = new SharedCache();
    through(cache, get(), tagged, 0);
    expect(cache.lookup(get('/notes/1', { pragma: 'no-cache' }), 1)).toMatchObject({ kind: 'revalidate', reason: 'request no-cache' });
    expect(cache.lookup(get('/notes/1', { pragma: 'x' }), 1).kind).toBe('hit');
    // Once stale, another Pragma is not the reason to go upstream.
    expect(cache.lookup(get('/notes/1', { pragma: 'x' }), secondsUs(60))).toMatchObject({ kind: 'revalidate', reason: 'stale' });
  });

  it('goes upstream for a fresh response it cannot revalidate, and keeps it for others', () => {
    const cache = new SharedCache();
    through(cache, get(), ok({ 'cache-control': 'max-age=60' }), 0);
    const reload = get('/notes/1', { 'cache-control': 'no-cache' });
    expect(cache.lookup(reload, 1)).toEqual({ kind: 'miss', reason: 'request no-cache', request: reload, original: reload, epoch: 0, stale: undefined });
    expect(cache.size).toBe(1);
    expect(cache.lookup(get(), 2).kind).toBe('hit');
  });

  it('revalidates once the age passes the request max-age, and not before', () => {
    const cache = new SharedCache();
    through(cache, get(), tagged, 0);
    const atMost5s = get('/notes/1', { 'cache-control': 'max-age=5' });
    expect(cache.lookup(atMost5s, secondsUs(5)).kind).toBe('hit');
    expect(cache.lookup(atMost5s, secondsUs(6))).toMatchObject({ kind: 'revalidate', reason: 'request max-age or min-fresh' });
  });

  it('revalidates once less than the request min-fresh is left, and not before', () => {
    const cache = new SharedCache();
    through(cache, get(), tagged, 0);
    const fresh30s = get('/notes/1', { 'cache-control': 'min-fresh=30' });
    expect(cache.lookup(fresh30s, secondsUs(30)).kind).toBe('hit');
    expect(cache.lookup(fresh30s, secondsUs(31))).toMatchObject({ kind: 'revalidate', reason: 'request max-age or min-fresh' });
  });

  // The client's own validator is not one of the stored response's: sending it on is not a revalidation
  // the cache could use, so the stale response, which has none, is dropped and the request goes as it came.
  it.each([
    ['if-none-match', '"x"'],
    ['if-modified-since', 'Thu, 01 Jan 1970 00:00:00 GMT'],
  ])('does not take a client %s for a revalidation of a stale response without validators', (name, value) => {
    const cache = new SharedCache();
    through(cache, get(), ok({ 'cache-control': 'max-age=10' }), 0);
    const conditional = get('/notes/1', { [name]: value });
    expect(cache.lookup(conditional, secondsUs(11))).toEqual({ kind: 'miss', reason: 'stale', request: conditional, original: conditional, epoch: 0, stale: undefined });
    expect(cache.size).toBe(0);
  });
});

describe('merging a 304 into the stored response (RFC 9111 §4.3.4)', () => {
  const first = 'Tue, 15 Nov 1994 08:12:31 GMT';
  const second = 'Tue, 15 Nov 1994 08:12:42 GMT';

  function revalidated(storedHeaders: Headers, notModifiedHeaders: Headers): ResponseOutcome {
    const cache = new SharedCache();
    through(cache, get(), ok({ 'cache-control': 'max-age=10', etag: '"v1"', ...storedHeaders }), 0);
    return through(cache, get(), response(304, { etag: '"v1"', ...notModifiedHeaders }), secondsUs(11)).outcome;
  }

  it("takes the 304's Date over the stored one", () => {
    expect(revalidated({ date: first }, { date: second }).response.headers.date).toBe(second);
  });

  it('keeps the stored Date when the 304 has none', () => {
    expect(revalidated({ date: first }, {}).response.headers.date).toBe(first);
  });

  it('adds no Date the stored response did not have: the library merges only fields it had', () => {
    expect(revalidated({}, { date: second }).response.headers).toStrictEqual({ 'content-type': 'application/json', 'cache-control': 'max-age=10', etag: '"v1"', age: '0' });
  });

  it('refreshes the older of two variants in place, and leaves the newer one alone', () => {
    const cache = new SharedCache();
    const as = (who: string) => get('/me', { cookie: who });
    const mine = (who: string) => ok({ 'cache-control': 'public, max-age=10', vary: 'cookie', etag: `"${who}"` }, `"${who}"`);
    through(cache, as('alice'), mine('alice'), 0);
    through(cache, as('bob'), mine('bob'), secondsUs(5));
    const { lookup, outcome } = through(cache, as('alice'), response(304, { etag: '"alice"' }), secondsUs(11));
    expect(lookup.kind).toBe('revalidate');
    expect(outcome.storage).toEqual({ kind: 'refreshed', freshnessS: 10 });
    expect(cache.variants('/me').map((v) => v.body)).toEqual(['"bob"', '"alice"']);
    expect(cache.lookup(as('alice'), secondsUs(12))).toMatchObject({ kind: 'hit', ageS: 1, response: { body: '"alice"' } });
    expect(cache.lookup(as('bob'), secondsUs(12))).toMatchObject({ kind: 'hit', ageS: 7, response: { body: '"bob"' } });
  });

  it('does not put the revalidated response back when a newer one replaced it in flight, but still serves its body', () => {
    const cache = new SharedCache();
    const stale = ok({ 'cache-control': 'max-age=10', etag: '"v1"' });
    through(cache, get(), stale, 0);
    const revalidation = forwarded(cache.lookup(get(), secondsUs(11)));
    const newer = ok({ 'cache-control': 'max-age=10', etag: '"v2"' }, '{"id":1,"content":"eggs"}');
    expect(through(cache, get(), newer, secondsUs(11)).outcome.storage).toEqual({ kind: 'stored', freshnessS: 10, replaced: 1 });
    const outcome = cache.onResponse(revalidation, response(304, { etag: '"v1"' }), secondsUs(12));
    expect(outcome).toMatchObject({ revalidated: true, storage: { kind: 'not-stored', reason: 'replaced in flight' }, response: { status: 200, body: stale.body } });
    expect(cache.variants('/notes/1').map((v) => v.body)).toEqual([newer.body]);
  });

  it('does not put the revalidated response back when its replacement has since expired and gone', () => {
    const cache = new SharedCache();
    const stale = ok({ 'cache-control': 'max-age=10', etag: '"v1"' });
    through(cache, get(), stale, 0);
    const revalidation = forwarded(cache.lookup(get(), secondsUs(11)));
    through(cache, get(), ok({ 'cache-control': 'max-age=1' }, '{"id":1,"content":"eggs"}'), secondsUs(11));
    expect(cache.lookup(get(), secondsUs(12))).toMatchObject({ kind: 'miss', reason: 'stale' });
    const outcome = cache.onResponse(revalidation, response(304, { etag: '"v1"' }), secondsUs(12));
    expect(outcome).toMatchObject({ revalidated: true, storage: { kind: 'not-stored', reason: 'replaced in flight' }, response: { status: 200, body: stale.body } });
    expect(cache.size).toBe(0);
  });
});
