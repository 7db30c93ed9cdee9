import { describe, expect, it } from 'vitest';
import { applyMergePatch } from './merge-patch.js';

describe('JSON Merge Patch (RFC 7396)', () => {
  // Appendix A, every row: [original, patch, result].
  const appendixA: [string, string, string][] = [
    ['{"a":"b"}', '{"a":"c"}', '{"a":"c"}'],
    ['{"a":"b"}', '{"b":"c"}', '{"a":"b","b":"c"}'],
    ['{"a":"b"}', '{"a":null}', '{}'],
    ['{"a":"b","b":"c"}', '{"a":null}', '{"b":"c"}'],
    ['{"a":["b"]}', '{"a":"c"}', '{"a":"c"}'],
    ['{"a":"c"}', '{"a":["b"]}', '{"a":["b"]}'],
    ['{"a":{"b":"c"}}', '{"a":{"b":"d","c":null}}', '{"a":{"b":"d"}}'],
    ['{"a":[{"b":"c"}]}', '{"a":[1]}', '{"a":[1]}'],
    ['["a","b"]', '["c","d"]', '["c","d"]'],
    ['{"a":"b"}', '["c"]', '["c"]'],
    ['{"a":"foo"}', 'null', 'null'],
    ['{"a":"foo"}', '"bar"', '"bar"'],
    ['{"e":null}', '{"a":1}', '{"e":null,"a":1}'],
    ['[1,2]', '{"a":"b","c":null}', '{"a":"b"}'],
    ['{}', '{"a":{"bb":{"ccc":null}}}', '{"a":{"bb":{}}}'],
  ];

  it.each(appendixA)('%s patched with %s is %s', (original, patch, result) => {
    expect(applyMergePatch(JSON.parse(original), JSON.parse(patch))).toEqual(JSON.parse(result));
  });

  it('does the §3 example: nested null removes a nested member, an array is replaced whole', () => {
    const target = { title: 'Goodbye!', author: { givenName: 'John', familyName: 'Doe' }, tags: ['example', 'sample'], content: 'This will be unchanged' };
    const patch = { title: 'Hello!', phoneNumber: '+01-123-456-7890', author: { familyName: null }, tags: ['example'] };
    expect(applyMergePatch(target, patch)).toEqual({
      title: 'Hello!', author: { givenName: 'John' }, tags: ['example'], content: 'This will be unchanged', phoneNumber: '+01-123-456-7890',
    });
  });

  it('changes neither the target nor the patch', () => {
    const target = { a: { b: 'c' }, d: 'e' };
    const patch = { a: { b: null, x: 'y' }, d: null };
    const [targetText, patchText] = [JSON.stringify(target), JSON.stringify(patch)];
    applyMergePatch(target, patch);
    expect([JSON.stringify(target), JSON.stringify(patch)]).toEqual([targetText, patchText]);
  });

  it('keeps a member named __proto__ as a member instead of setting the prototype', () => {
    const merged = applyMergePatch({}, JSON.parse('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(['__proto__']);
    expect(merged.polluted).toBeUndefined();
  });
});
