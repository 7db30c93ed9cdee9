import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256-hex.js';

describe('sha256Hex', () => {
  it('matches published vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'); // FIPS 180-2
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'); // FIPS 180-2
    // The hash of `{__typename}` in Apollo Server's APQ documentation (its curl example).
    expect(sha256Hex('{__typename}')).toBe('ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38');
  });

  it('hashes the UTF-8 bytes, with no normalization', () => {
    expect(sha256Hex('\u00e9')).toBe(createHash('sha256').update(Uint8Array.of(0xc3, 0xa9)).digest('hex'));
    expect(sha256Hex('\u00e9')).not.toBe(sha256Hex('e\u0301'));
  });
});
