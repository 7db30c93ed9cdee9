import { describe, expect, it } from 'vitest';
import { maxIdempotencyKeyLength, parseIdempotencyKey } from './key.js';

describe('the Idempotency-Key format: 1 to 255 visible ASCII characters, bare or as an sf-string', () => {
  it.each([
    ['8e03978e-40d5-43e8-bc93-6894a57f9324', '8e03978e-40d5-43e8-bc93-6894a57f9324'],
    ['"8e03978e-40d5-43e8-bc93-6894a57f9324"', '8e03978e-40d5-43e8-bc93-6894a57f9324'], // the draft's example
    ['"clkyoesmbgybucifusbbtdsbohtyuuwz"', 'clkyoesmbgybucifusbbtdsbohtyuuwz'],
    ['  k1\t', 'k1'], // optional whitespace around a field value is not part of it
    ['\t k1 \t ', 'k1'], // however long the run on either side
    ['"a\\"b\\\\c"', 'a"b\\c'], // the two sf-string escapes
    ['a"b', 'a"b'], // a quote that does not open the value is just a character
    ['~!#$%&\'()*+,-./:;<=>?@[]^_`{|}', '~!#$%&\'()*+,-./:;<=>?@[]^_`{|}'],
    ['x'.repeat(maxIdempotencyKeyLength), 'x'.repeat(maxIdempotencyKeyLength)],
  ])('accepts %j as the key %j', (value, key) => {
    expect(parseIdempotencyKey(value)).toEqual({ ok: true, key });
  });

  it('reads the bare and the quoted spelling as the same key', () => {
    expect(parseIdempotencyKey('abc')).toEqual(parseIdempotencyKey('"abc"'));
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['""', /empty/],
    ['x'.repeat(maxIdempotencyKeyLength + 1), /256 characters; at most 255/],
    [`"${'x'.repeat(maxIdempotencyKeyLength + 1)}"`, /256 characters/],
    ['two words', /character 4 .*U\+0020/],
    ['"two words"', /character 4 .*U\+0020/], // sf-string allows a space; our keys do not
    ['clé', /character 3 .*U\+00E9/],
    ['tab\tinside', /U\+0009/],
    ['"unterminated', /no closing quote/],
    ['"a" ,"b"', /follow the closing quote/],
    ['"a", "b"', /follow the closing quote/], // a repeated header, joined by an intermediary
    ['a, b', /U\+0020/], // the same, bare
    ['"a\\b"', /backslash/],
    ['"a\\', /backslash/],
  ])('refuses %j, saying why', (value, reason) => {
    const parsed = parseIdempotencyKey(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });
});
