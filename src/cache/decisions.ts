import type { HttpRequest, HttpResponse } from '../http/message.js';
import type { StoredResponse } from './stored-response.js';

/** Answered from the store, without the origin. */
export interface Hit {
  readonly kind: 'hit';
  readonly response: HttpResponse;
  readonly ageS: number;
}

/**
 * The request goes upstream. Hand this object back to `onResponse` with the response: it remembers what the
 * client asked, what was stale, and how things stood when the request left.
 * - `miss`: nothing stored may answer it (`reason` says why), so the client's request goes as it came;
 * - `revalidate`: a stale stored response has a validator, so the request goes with it (RFC 9111 §4.3.1);
 * - `bypass`: the method is not cacheable; only invalidation (§4.4) applies to its response.
 */
export interface Forward {
  readonly kind: 'miss' | 'revalidate' | 'bypass';
  readonly reason: string;
  /** What to send upstream. */
  readonly request: HttpRequest;
  /** The client's request, as it came. */
  readonly original: HttpRequest;
  /** The URL's epoch when the request left (see `WriteFence`); unused for `bypass`. */
  readonly epoch: number;
  /** For `revalidate`: the stored response the conditional request asks about. */
  readonly stale: StoredResponse | undefined;
}

export type Lookup = Hit | Forward;

/** What became of a response to a cacheable method. */
export type Storage =
  | { readonly kind: 'stored'; readonly freshnessS: number; readonly replaced: number }
  /** A 304 confirmed the stored response, which is kept with the refreshed policy. */
  | { readonly kind: 'refreshed'; readonly freshnessS: number }
  | { readonly kind: 'not-stored'; readonly reason: string };

export interface Invalidation {
  /** The cache key: path with query. */
  readonly key: string;
  /** Stored responses discarded (every variant of the URL); 0 when nothing was stored. */
  readonly discarded: number;
}

export interface ResponseOutcome {
  /** What the client gets: the upstream response, or, after a 304, the stored one with its status and body. */
  readonly response: HttpResponse;
  /** True when a 304 let the cache answer from its stored body. */
  readonly revalidated: boolean;
  /** `undefined` when the method is not cacheable, so nothing was asked of the store. */
  readonly storage: Storage | undefined;
  readonly invalidations: readonly Invalidation[];
}
