import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { request, response } from '../http/message.js';
import { invalidationTargets, parsedSameOriginKey, sameOriginKey } from './invalidation.js';

describe('what a response to an unsafe method invalidates (RFC 9111 §4.4)', () => {
  it.each([100, 101, 199])('nothing for a %i: only a 2xx or 3xx is a non-error final response', (status) => {
    expect(invalidationTargets(request('PUT', '/notes/1'), response(status))).toEqual([]);
  });

  it.each([200, 399])('the target URI for a %i', (status) => {
    expect(invalidationTargets(request('PUT', '/notes/1'), response(status))).toEqual(['/notes/1']);
  });

  it('the target first, then Location, then Content-Location, each once', () => {
    const created = response(201, { location: '/notes/3', 'content-location': '/notes/3' });
    expect(invalidationTargets(request('POST', '/notes'), created)).toEqual(['/notes', '/notes/3']);
    const moved = response(200, { location: '/notes/1', 'content-location': '/notes/1?v=2' });
    expect(invalidationTargets(request('PUT', '/notes/1'), moved)).toEqual(['/notes/1', '/notes/1?v=2']);
  });
});

describe('the cache key a Location-style reference names on our own origin', () => {
  it('resolves a relative reference against the request path (RFC 3986 §5)', () => {
    expect(sameOriginKey('/notes/3?view=short', '/notes/1')).toBe('/notes/3?view=short');
    expect(sameOriginKey('3', '/notes/1')).toBe('/notes/3');
    expect(sameOriginKey('../archive/3', '/notes/1')).toBe('/archive/3');
    expect(sameOriginKey('  /notes/3 ', '/notes/1')).toBe('/notes/3');
  });

  it('takes a colon in the path or query for what it is, not for a scheme', () => {
    expect(sameOriginKey('/search?q=tag:milk', '/notes/1')).toBe('/search?q=tag:milk');
    expect(sameOriginKey('./a:b', '/notes/1')).toBe('/notes/a:b');
  });

  it.each(['', '   '])('names nothing for the empty reference %j', (reference) => {
    expect(sameOriginKey(reference, '/notes/1')).toBeUndefined();
  });

  // A reference with a scheme is absolute (RFC 3986 §4.3); requests carry no authority, so we cannot tell
  // whether it is ours. WHATWG URL would resolve `http:/notes/3` against the request's own URL: refused all the same.
  it.each(['http:/notes/3', 'HTTP:notes/3', 'https://example.com/notes/3', 'a:/notes/3', 'web+x.1-2:/notes/3'])('refuses %s, which has a scheme', (reference) => {
    expect(sameOriginKey(reference, '/notes/1')).toBeUndefined();
  });

  it.each(['//example.com/notes/3', '\\\\example.com\\notes\\3'])('refuses %s, which names an authority', (reference) => {
    expect(sameOriginKey(reference, '/notes/1')).toBeUndefined();
  });

  it('refuses a reference that names an authority even when the request path itself starts with two slashes', () => {
    expect(sameOriginKey('//example/notes/3', '//notes/1')).toBeUndefined();
  });

  it('refuses a reference that is not a URL at all instead of throwing', () => {
    expect(sameOriginKey('//[::1', '/notes/1')).toBeUndefined();
  });
});

describe('the shortcut for a plain absolute path', () => {
  // Paths built of segments the URL parser keeps, rewrites (percent, non-ASCII, backslash), resolves (dot
  // segments) or reads as structure (authority, scheme, query, fragment).
  const segment = fc.constantFrom('', '.', '..', 'a', 'b-1', '~_', '%41', 'é', ' x', 'a:b', '\\', '?q=1', '#f', 'a.b');
  // Mostly one leading slash, so that both paths are often plain and the shortcut is tried.
  const start = fc.oneof({ arbitrary: fc.constant('/'), weight: 6 }, fc.constantFrom('', '//', '/\\', '\\'));
  const path = fc.tuple(start, fc.array(segment, { maxLength: 4 })).map(([first, segments]) => first + segments.join('/'));

  test.prop([path, path], { numRuns: 500 })('names what the URL parser names, for any reference and request path', (reference, requestPath) => {
    expect(sameOriginKey(reference, requestPath)).toBe(parsedSameOriginKey(reference.trim(), requestPath));
  });

  it('takes the shortcut on a created note\'s Location: no URL is parsed', () => {
    const Parser = globalThis.URL;
    let parsed = 0;
    globalThis.URL = class extends Parser {
      constructor(url: string | URL, base?: string | URL) {
        super(url, base);
        parsed++;
      }
    };
    try {
      expect(sameOriginKey('/notes/3', '/notes')).toBe('/notes/3');
      expect(sameOriginKey('/users/12/posts', '/users/12')).toBe('/users/12/posts');
      expect(parsed).toBe(0);
      expect(parsedSameOriginKey('/notes/3', '/notes')).toBe('/notes/3');
      expect(parsed).toBe(2);
    } finally {
      globalThis.URL = Parser;
    }
  });
});
