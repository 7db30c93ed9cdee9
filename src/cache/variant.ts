import type { Headers } from '../http/message.js';

/** What a stored response remembers of the request that produced it, to tell its variants apart. */
export interface VariantKey {
  readonly method: string;
  readonly requestHeaders: Headers;
  /** The stored response's `vary`, as received. */
  readonly vary: string | undefined;
}

/**
 * RFC 9111 §4.1: a stored response is selected for a request of the same method whose header fields named
 * by the response's `Vary` have the same values (absent matches only absent), and `Vary: *` never matches.
 * The same rule as the library's, so picking a variant here and reusing it there never disagree; it is
 * also how a new response finds the variant it replaces.
 */
export function selects(stored: VariantKey, method: string, requestHeaders: Headers): boolean {
  if (stored.method !== method) return false;
  if (stored.vary === undefined) return true;
  for (const raw of stored.vary.split(',')) {
    // An empty member (`Vary: accept,`) names no field, so it compares absent with absent, as in the library.
    const name = raw.trim().toLowerCase();
    if (name === '*') return false;
    if (field(requestHeaders, name) !== field(stored.requestHeaders, name)) return false;
  }
  return true;
}

/** Own fields only: `Vary: constructor` must not compare `Object.prototype.constructor` with itself. */
function field(headers: Headers, name: string): string | undefined {
  return Object.hasOwn(headers, name) ? headers[name] : undefined;
}
