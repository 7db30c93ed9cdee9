import { describe, expect, it } from 'vitest';
import type { Headers } from '../http/message.js';
import { selects, type VariantKey } from './variant.js';

const storedFor = (vary: string | undefined, requestHeaders: Headers = { accept: 'application/json', cookie: 's=alice' }): VariantKey => ({
  method: 'GET', requestHeaders, vary,
});

describe('which stored variant a request selects (RFC 9111 §4.1)', () => {
  it('needs the same method', () => {
    expect(selects(storedFor(undefined), 'GET', {})).toBe(true);
    expect(selects(storedFor(undefined), 'HEAD', {})).toBe(false);
  });

  it('compares only the fields Vary names, by lower-cased name', () => {
    const stored = storedFor('Accept, COOKIE');
    expect(selects(stored, 'GET', { accept: 'application/json', cookie: 's=alice', 'user-agent': 'x' })).toBe(true);
    expect(selects(stored, 'GET', { accept: 'application/json', cookie: 's=bob' })).toBe(false);
    expect(selects(stored, 'GET', { accept: 'text/html', cookie: 's=alice' })).toBe(false);
  });

  it('matches an absent field only with an absent one', () => {
    const stored = storedFor('authorization');
    expect(selects(stored, 'GET', {})).toBe(true);
    expect(selects(stored, 'GET', { authorization: 'Bearer alice' })).toBe(false);
    expect(selects(storedFor('authorization', { authorization: 'Bearer alice' }), 'GET', {})).toBe(false);
  });

  it('ignores empty members of the list', () => {
    expect(selects(storedFor(', accept,,'), 'GET', { accept: 'application/json' })).toBe(true);
    expect(selects(storedFor(', accept,,'), 'GET', { accept: 'text/html' })).toBe(false);
  });

  it.each(['*', ' * ', 'accept, *'])('never selects a response with Vary %j, not even for the same request', (vary) => {
    const stored = storedFor(vary);
    expect(selects(stored, 'GET', stored.requestHeaders)).toBe(false);
  });

  it('reads own header fields only: Vary: constructor compares absent with absent', () => {
    expect(selects(storedFor('constructor'), 'GET', {})).toBe(true);
    expect(selects(storedFor('constructor'), 'GET', { constructor: 'x' })).toBe(false);
  });
});
