import type CachePolicy from 'http-cache-semantics';
import type { StoredContent } from './served-response.js';
import type { VariantKey } from './variant.js';

/**
 * One stored response: which variant of its URL it is, the library's policy for it (freshness, age,
 * validators), and what is served again. Replaced whole, never changed in place, so a revalidation in
 * flight can tell whether the response it asks about is still the one stored.
 */
export interface StoredResponse extends VariantKey, StoredContent {
  readonly policy: CachePolicy;
}
