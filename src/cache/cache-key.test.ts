import { describe, expect, it } from 'vitest';
import { request, response } from '../http/message.js';
import { cacheKey } from './cache-key.js';
import { invalidationTargets } from './invalidation.js';
import { SharedCache } from './shared-cache.js';

describe('one cache key per target the origin answers as one', () => {
  it('drops an empty query, and nothing else', () => {
    expect(cacheKey('/notes/51?')).toBe('/notes/51');
    expect(cacheKey('/notes/51')).toBe('/notes/51');
    expect(cacheKey('/notes?limit=5')).toBe('/notes?limit=5');
    expect(cacheKey('/notes/%35%31')).toBe('/notes/%35%31');
  });

  it('invalidates the plain target for a write sent with an empty query, and a Location so written', () => {
    expect(invalidationTargets(request('PUT', '/notes/51?'), response(200))).toEqual(['/notes/51']);
    expect(invalidationTargets(request('POST', '/notes'), response(201, { location: '/notes/3?' }))).toEqual(['/notes', '/notes/3']);
  });

  it('serves no stale note after PUT or DELETE /notes/51? (they reached the origin as /notes/51)', () => {
    for (const write of [request('PUT', '/notes/51?'), request('DELETE', '/notes/51?')]) {
      const cache = new SharedCache();
      const stored = response(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' }, '{"id":51,"content":"v1"}');
      const first = cache.lookup(request('GET', '/notes/51'), 0);
      if (first.kind === 'hit') throw new Error('nothing was stored yet');
      cache.onResponse(first, stored, 0);
      expect(cache.lookup(request('GET', '/notes/51?'), 1).kind).toBe('hit');
      const sent = cache.lookup(write, 2);
      if (sent.kind === 'hit') throw new Error(`${write.method} is not answered from the store`);
      cache.onResponse(sent, response(write.method === 'PUT' ? 200 : 204), 2);
      expect(cache.lookup(request('GET', '/notes/51'), 3).kind).not.toBe('hit');
    }
  });
});
