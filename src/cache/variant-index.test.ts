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
