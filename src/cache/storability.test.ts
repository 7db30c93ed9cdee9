import { describe, expect, it } from 'vitest';
import { type Headers, type HttpRequest, type HttpResponse, request, response } from '../http/message.js';
import { policyRequest, policyResponse } from './policy-headers.js';
import { hasValidator, whyNotStored } from './storability.js';
import { virtualClockPolicy } from './virtual-clock-policy.js';

const Policy = virtualClockPolicy(() => 0);
const get = (headers: Headers = {}): HttpRequest => request('GET', '/notes/1', headers);

/** The reason the shared cache gives for not keeping `res`, or `undefined` when it keeps it. */
function why(res: HttpResponse, req: HttpRequest = get()): string | undefined {
  return whyNotStored(req, res, new Policy(policyRequest(req), policyResponse(res), { shared: true }));
}

describe('why a response is not storable (RFC 9111 §3), as the trace and Cache-Status show it', () => {
  it.each([
    [206, 'max-age=60'], // the library does not understand partial content
    [302, undefined], // understood, but not cacheable without explicit freshness
    [500, 'max-age=60'],
  ])('names the status of a %i (Cache-Control %s)', (status, cacheControl) => {
    const headers: Headers = cacheControl === undefined ? {} : { 'cache-control': cacheControl };
    expect(why(response(status, headers))).toBe(`status ${status} not storable`);
  });

  it('keeps a 302 that has explicit freshness', () => {
    expect(why(response(302, { 'cache-control': 'max-age=60', location: '/notes/2' }))).toBeUndefined();
  });

  // §3.5: public, s-maxage and must-revalidate let a shared cache keep an answer to a request with
  // credentials, so when such an answer is refused anyway, its status is the reason, not Authorization.
  it.each(['public', 's-maxage=60', 'must-revalidate'])('blames the status, not Authorization, when %s allows sharing', (cacheControl) => {
    const withAuth = get({ authorization: 'Bearer alice' });
    expect(why(response(206, { 'cache-control': cacheControl }), withAuth)).toBe('status 206 not storable');
  });

  it('blames Authorization when nothing in the response allows sharing it', () => {
    const withAuth = get({ authorization: 'Bearer alice' });
    expect(why(response(206, { 'cache-control': 'max-age=60' }), withAuth)).toBe('authorization without public');
    expect(why(response(200, { 'cache-control': 'max-age=60, proxy-revalidate' }), withAuth)).toBe('authorization without public');
  });
});

describe('why a storable response is not worth keeping: stale on arrival with no validator', () => {
  it.each([
    ['etag', { etag: '"v1"' }],
    ['last-modified', { 'last-modified': 'Thu, 01 Jan 1970 00:00:00 GMT' }],
  ])('keeps a stale response with only a %s: it can be revalidated', (_, validator) => {
    expect(why(response(200, { 'cache-control': 'no-cache', ...validator }))).toBeUndefined();
    expect(why(response(200, validator))).toBeUndefined();
  });

  it('keeps a response until its age reaches max-age, and calls it stale on arrival from there', () => {
    expect(why(response(200, { 'cache-control': 'max-age=60', age: '59' }))).toBeUndefined();
    expect(why(response(200, { 'cache-control': 'max-age=60', age: '60' }))).toBe('stale on arrival, no validator');
  });

  it.each([
    ['no-cache', 'no-cache without validator'],
    ['max-age=60, no-cache', 'no-cache without validator'],
    ['max-age=60, proxy-revalidate', 'proxy-revalidate without validator'],
    ['max-age=0', 'no freshness, no validator'],
  ])('Cache-Control %s: %s', (cacheControl, reason) => {
    expect(why(response(200, { 'cache-control': cacheControl }))).toBe(reason);
  });

  it('says `vary *` for a response that varies on everything, whatever space surrounds the star', () => {
    expect(why(response(200, { vary: '*' }))).toBe('vary *');
    expect(why(response(200, { vary: ' * ' }))).toBe('vary *');
  });

  // §4.1: a `*` member never matches, so such a response could never be used, fresh or revalidatable.
  it.each([
    ['fresh', { 'cache-control': 'max-age=60', vary: '*' }],
    ['with an ETag', { etag: '"v1"', vary: '*' }],
    ['with a Last-Modified', { 'last-modified': 'Thu, 01 Jan 1970 00:00:00 GMT', vary: '*' }],
    ['fresh, the star among other names', { 'cache-control': 'max-age=60', vary: 'accept, *' }],
    ['with an ETag, the star first', { etag: '"v1"', vary: '*,accept-language' }],
  ])('says `vary *` for a response %s whose Vary has a `*` member', (_, headers) => {
    expect(why(response(200, headers))).toBe('vary *');
  });

  it('keeps a response whose Vary only names fields that contain a star', () => {
    expect(why(response(200, { 'cache-control': 'max-age=60', vary: 'accept, x-*' }))).toBeUndefined();
  });

  it('blames Set-Cookie only when neither public nor immutable allows sharing it', () => {
    expect(why(response(200, { 'cache-control': 'max-age=60', 'set-cookie': 'a=b' }))).toBe('set-cookie without public');
    expect(why(response(200, { 'cache-control': 'public', 'set-cookie': 'a=b' }))).toBe('no freshness, no validator');
    expect(why(response(200, { 'cache-control': 'immutable, max-age=0', 'set-cookie': 'a=b' }))).toBe('no freshness, no validator');
  });
});

describe('validators (RFC 9110 §8.8)', () => {
  it('are an ETag or a Last-Modified', () => {
    expect(hasValidator(response(200, { etag: '"v1"' }))).toBe(true);
    expect(hasValidator(response(200, { 'last-modified': 'Thu, 01 Jan 1970 00:00:00 GMT' }))).toBe(true);
    expect(hasValidator(response(200, { 'cache-control': 'max-age=60' }))).toBe(false);
  });
});
