import { describe, expect, it } from 'vitest';
import { DocumentCache } from './document-cache.js';
import { sha256Hex } from './persisted/sha256-hex.js';
import { testSchema } from '../../test/support/graph-test-schema.js';

describe('DocumentCache: a repeated query skips parse and validation', () => {
  const short = '{ user(id: 1) { name } }';
  const long = `${short}\n# ${'padding '.repeat(400)}\n`;

  it('answers a short and a long text again from the cache, the same document each time', () => {
    const cache = new DocumentCache(testSchema);
    const [first, again] = [short, long].map((query) => [cache.prepare(query), cache.prepare(query)] as const);
    expect(long.length).toBeGreaterThan(2_048);
    expect(first![0].ok && first![1].ok && first![0].document === first![1].document).toBe(true);
    expect(again![0].ok && again![1].ok && again![0].document === again![1].document).toBe(true);
    expect([cache.hits, cache.misses]).toEqual([2, 2]);
  });

  it('never takes a text for the key of a longer one: the SHA-256 of a cached long text, sent as text, is a syntax error', () => {
    const cache = new DocumentCache(testSchema);
    expect(cache.prepare(long).ok).toBe(true);
    const digestAsText = cache.prepare(sha256Hex(long));
    expect(digestAsText.ok ? 'admitted' : digestAsText.errors.map((e) => e.message)).toEqual([expect.stringMatching(/^Syntax Error/)]);
    expect(cache.misses).toBe(2);
  });
});
