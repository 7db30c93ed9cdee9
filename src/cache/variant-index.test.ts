import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Headers } from '../http/message.js';
import type { StoredResponse } from './stored-response.js';
import { selects } from './variant.js';
import { VariantIndex } from './variant-index.js';

const field = fc.constantFrom('cookie', 'authorization', 'accept', 'Cookie');
const headers = fc.dictionary(fc.constantFrom('cookie', 'authorization', 'accept'), fc.constantFrom('', 'a', 'b')) as fc.Arbitrary<Headers>;
const vary = fc.option(fc.array(fc.oneof(field, fc.constant(' '), fc.constant('')), { maxLength: 3 }).map((names) => names.join(',')), { nil: undefined });
const variant = fc.record({ method: fc.constantFrom('GET', 'HEAD'), requestHeaders: headers, vary });

describe('VariantIndex', () => {
  it('selects what a newest-first scan with selects (RFC 9111 §4.1) selects, after adds, replacements and removals', () => {
    fc.assert(fc.property(fc.array(fc.tuple(variant, fc.boolean()), { maxLength: 12 }), variant, (steps, probe) => {
      const index = new VariantIndex();
      const newestFirst: StoredResponse[] = [];
      steps.forEach(([key, removeAfter], seq) => {
        const stored = key as unknown as StoredResponse;
        // What a new response replaces: every stored response that selects its request.
        for (const old of index.selecting(stored.method, stored.requestHeaders)) {
          index.remove(old);
          newestFirst.splice(newestFirst.indexOf(old), 1);
        }
        index.add(stored, seq);
        newestFirst.unshift(stored);
        if (removeAfter && newestFirst.length > 1) {
          const dropped = newestFirst.pop()!;
          expect(index.remove(dropped)).toBe(true);
        }
      });
      expect(index.all()).toEqual(newestFirst);
      expect(index.select(probe.method, probe.requestHeaders)).toBe(newestFirst.find((s) => selects(s, probe.method, probe.requestHeaders)));
      expect(index.selecting(probe.method, probe.requestHeaders).length).toBe(newestFirst.filter((s) => selects(s, probe.method, probe.requestHeaders)).length);
    }), { numRuns: 500 });
  });
});

describe('VariantIndex, case by case', () => {
  const kept = (method: string, vary: string | undefined, requestHeaders: Headers): StoredResponse => ({ method, vary, requestHeaders }) as unknown as StoredResponse;

  it('selects the newest response that matches, whichever Vary list it was stored under (RFC 9111 §4.1)', () => {
    const index = new VariantIndex();
    // The cookie list is made first, so its group is read first; its response for alice is the newest.
    index.add(kept('GET', 'cookie', { cookie: 'bob' }), 0);
    const byAccept = kept('GET', 'accept', { accept: 'json' });
    index.add(byAccept, 1);
    const byCookie = kept('GET', 'cookie', { cookie: 'alice' });
    index.add(byCookie, 2);
    expect(index.select('GET', { cookie: 'alice', accept: 'json' })).toBe(byCookie);
    expect(index.select('GET', { cookie: 'carol', accept: 'json' })).toBe(byAccept);
    expect(index.selecting('GET', { cookie: 'alice', accept: 'json' })).toEqual([byCookie, byAccept]);
  });

  it('keeps two Vary lists apart even when their names run together', () => {
    const index = new VariantIndex();
    const joined = kept('GET', 'ab', { ab: '1' });
    const split = kept('GET', 'a, b', { a: '1', b: '2' });
    index.add(joined, 0);
    index.add(split, 1);
    expect(index.groups).toBe(2);
    expect(index.select('GET', { a: '1', b: '2' })).toBe(split);
    expect(index.select('GET', { ab: '1' })).toBe(joined);
  });

  it('reads one group per Vary list, members trimmed, lower-cased and empty ones dropped, and drops a group with its last response', () => {
    const index = new VariantIndex();
    const alice = kept('GET', 'cookie', { cookie: 'alice' });
    const bob = kept('GET', ' Cookie, ', { cookie: 'bob' });
    const plain = kept('GET', undefined, {});
    const namesNone = kept('GET', ' , ', { cookie: 'carol' });
    for (const [seq, stored] of [alice, bob, plain].entries()) index.add(stored, seq);
    expect(index.groups).toBe(2);
    // A Vary that names no field selects like no Vary at all, so it replaces the response without one.
    expect(index.selecting('GET', { cookie: 'carol' })).toEqual([plain]);
    index.remove(plain);
    index.add(namesNone, 3);
    expect(index.groups).toBe(2);
    index.remove(alice);
    expect(index.groups).toBe(2);
    index.remove(bob);
    expect(index.groups).toBe(1);
    expect(index.all()).toEqual([namesNone]);
  });

  it('removes and replaces only what it keeps: a response of no group, of an empty slot, or a twin of the kept one is left alone', () => {
    const index = new VariantIndex();
    const alice = kept('GET', 'cookie', { cookie: 'alice' });
    index.add(alice, 0);
    const notKept = [
      kept('HEAD', 'cookie', { cookie: 'alice' }), // no group for HEAD
      kept('GET', 'cookie', { cookie: 'bob' }), // the group, but an empty slot
      kept('GET', 'cookie', { cookie: 'alice' }), // alice's slot, another response
    ];
    const next = kept('GET', 'cookie', { cookie: 'alice' });
    for (const stored of notKept) {
      expect(index.remove(stored)).toBe(false);
      index.replace(stored, next);
    }
    expect(index.size).toBe(1);
    expect(index.all()).toEqual([alice]);
    expect(index.select('GET', { cookie: 'alice' })).toBe(alice);
    expect(index.remove(alice)).toBe(true);
    expect({ size: index.size, groups: index.groups }).toEqual({ size: 0, groups: 0 });
  });
});
