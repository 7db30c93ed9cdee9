import { cacheKey } from './cache-key.js';
import { type Headers, type HttpRequest, type HttpResponse, utf8Bytes } from '../http/message.js';
import { methodProperties } from '../http/methods.js';
import { directives } from './cache-control.js';
import type { Forward, Invalidation, Lookup, ResponseOutcome, Storage } from './decisions.js';
import { clearsCache, credentialKeys } from './credential-keys.js';
import { invalidationTargets } from './invalidation.js';
import { fromPolicyHeaders, policyRequest, policyResponse } from './policy-headers.js';
import { servedResponse } from './served-response.js';
import { whyNotStored } from './storability.js';
import type { StoredResponse } from './stored-response.js';
import { VariantIndex } from './variant-index.js';
import { type PolicyClass, virtualClockPolicy } from './virtual-clock-policy.js';
import { WriteFence } from './write-fence.js';

export interface SharedCacheOptions {
  /** Whether a successful unsafe method discards what is stored for its URLs (RFC 9111 §4.4); default `rfc9111`. */
  readonly invalidation?: 'rfc9111' | 'never';
  /** What the stored responses may take, counted as `storedBytes` counts them; default `defaultCacheMaxBytes`. */
  readonly maxBytes?: number;
}

/**
 * 64 MiB: far above what any scenario, property or benchmark stores (so none of them ever evicts and their
 * traces stay as they were), and a small share of a laptop's memory for `npm start`.
 */
export const defaultCacheMaxBytes = 64 * 1024 * 1024;

/** Where a stored response sits in the recency order, and what it counts against the budget. */
interface Resident {
  readonly key: string;
  readonly bytes: number;
}

/**
 * The shared HTTP cache in front of the origin (RFC 9111, `shared: true`). Storability, freshness, `Vary`,
 * `age` and revalidation are http-cache-semantics'; invalidation on unsafe methods (§4.4), which that
 * library leaves to its caller, is ours.
 *
 * Stored responses are kept by cache key, the request's path with its query exactly as sent (the origin
 * routes on that string, so normalising it could merge URLs the origin tells apart), and every `Vary`
 * variant lives under its URL. Pure and runtime-agnostic: time arrives as `nowUs` with every call, and
 * every policy reads it from there, so decisions depend on the virtual clock and never on the wall clock.
 */
export class SharedCache {
  readonly #byKey = new Map<string, VariantIndex>();
  /** Least recently used first: a hit or a store moves a response to the end, eviction takes from the front. */
  readonly #recency = new Map<StoredResponse, Resident>();
  /** Stored responses by the credentials of the request that fetched them (see `credentialKeys`). */
  readonly #byCredential = new Map<string, Set<StoredResponse>>();
  readonly #fence = new WriteFence();
  readonly #Policy: PolicyClass;
  readonly #invalidates: boolean;
  readonly #maxBytes: number;
  #nowUs = 0;
  #bytes = 0;
  #stores = 0;
  #evictions = 0;

  /**
   * `invalidation: 'never'` is a deliberately broken cache that ignores RFC 9111 §4.4 (it keeps serving what
   * it stored after a write): the variant the cache-coherence property must catch, and a lesson for the CLI.
   */
  constructor(options: SharedCacheOptions = {}) {
    this.#Policy = virtualClockPolicy(() => this.#nowUs);
    this.#invalidates = (options.invalidation ?? 'rfc9111') === 'rfc9111';
    this.#maxBytes = options.maxBytes ?? defaultCacheMaxBytes;
    if (!(this.#maxBytes >= 0)) throw new RangeError(`maxBytes must be 0 or more, got ${this.#maxBytes}`);
  }

  /** Stored responses, all URLs and variants. */
  get size(): number {
    return this.#recency.size;
  }

  /** What the stored responses count against `maxBytes`. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Stored responses dropped to stay within `maxBytes`, since the cache was made. */
  get evictions(): number {
    return this.#evictions;
  }

  /** The stored responses for one cache key, newest first. */
  variants(key: string): readonly StoredResponse[] {
    return this.#byKey.get(key)?.all() ?? [];
  }

  /** A request from a client: answer it from the store, or say what to send upstream and why. */
  lookup(req: HttpRequest, nowUs: number): Lookup {
    this.#advance(nowUs);
    if (!methodProperties(req.method).cacheable) return forward('bypass', `${req.method} is not cacheable`, req, 0);
    const key = cacheKey(req.path);
    const variants = this.#byKey.get(key);
    if (variants === undefined) return forward('miss', 'nothing stored', req, this.#fence.depart(key));
    const stored = variants.select(req.method, req.headers);
    if (stored === undefined) return forward('miss', 'no variant for this request', req, this.#fence.depart(key));
    const evaluation = stored.policy.evaluateRequest(policyRequest(req));
    // `stale-while-revalidate` comes back as a hit that wants a background revalidation; with no background
    // here, any revalidation the library asks for is made before answering.
    if (evaluation.revalidation === undefined) {
      this.#touch(stored);
      return { kind: 'hit', ...servedResponse(stored.policy, stored) };
    }
    const reason = whyNotReused(stored, req);
    const headers = fromPolicyHeaders(evaluation.revalidation.headers);
    if (addsValidator(req, headers)) {
      return { kind: 'revalidate', reason, request: { ...req, headers }, original: req, epoch: this.#fence.depart(key), stale: stored };
    }
    // Stale with nothing to revalidate it with: only a request that accepts stale responses (max-stale)
    // could still use it, so it goes now rather than wait for a replacement that may never be storable.
    if (stored.policy.stale()) this.#remove(key, stored);
    return forward('miss', reason, req, this.#fence.depart(key));
  }

  /**
   * The upstream response to a request that `lookup` sent on: invalidates (§4.4), stores, or merges a 304
   * into the stored response (§4.3.4), and says what the client gets.
   */
  onResponse(sent: Forward, res: HttpResponse, nowUs: number): ResponseOutcome {
    this.#advance(nowUs);
    const invalidations = this.#invalidates ? [...invalidationTargets(sent.original, res).map((key) => this.#invalidate(key)), ...this.#clearSiteData(sent.original, res)] : [];
    if (sent.kind === 'bypass') return { response: res, revalidated: false, storage: undefined, invalidations };
    const unchanged = this.#fence.arrive(cacheKey(sent.original.path), sent.epoch);
    if (res.status === 304) return { ...this.#notModified(sent, res, unchanged), invalidations };
    return { response: res, revalidated: false, storage: this.#store(sent.original, res, unchanged), invalidations };
  }

  #store(req: HttpRequest, res: HttpResponse, unchanged: boolean): Storage {
    const policy = new this.#Policy(policyRequest(req), policyResponse(res), { shared: true });
    const why = whyNotStored(req, res, policy) ?? (unchanged ? undefined : 'invalidated in flight');
    if (why !== undefined) return { kind: 'not-stored', reason: why };
    const bytes = storedBytes(res);
    if (bytes > this.#maxBytes) return { kind: 'not-stored', reason: `${bytes} bytes, over the cache's ${this.#maxBytes}` };
    const key = cacheKey(req.path);
    let variants = this.#byKey.get(key);
    if (variants === undefined) {
      variants = new VariantIndex();
      this.#byKey.set(key, variants);
    }
    const replaced = variants.selecting(req.method, req.headers);
    for (const previous of replaced) this.#remove(key, previous);
    const stored: StoredResponse = {
      method: req.method, requestHeaders: req.headers, vary: res.headers.vary, policy,
      status: res.status, body: res.body, bodyBytes: res.bodyBytes, date: res.headers.date,
    };
    // `#remove` drops an index left empty, so it is looked up again.
    const index = this.#byKey.get(key) ?? variants;
    this.#byKey.set(key, index);
    index.add(stored, this.#stores++);
    this.#recency.set(stored, { key, bytes });
    this.#bytes += bytes;
    for (const credential of credentialKeys(req.headers)) {
      const filed = this.#byCredential.get(credential);
      if (filed === undefined) this.#byCredential.set(credential, new Set([stored]));
      else filed.add(stored);
    }
    this.#evictOver();
    return { kind: 'stored', freshnessS: policy.maxAge(), replaced: replaced.length };
  }

  /**
   * A 304. To our own conditional request it confirms the stale response, which the client then gets in
   * full with its stored status; to a client's conditional request it goes through as it is.
   */
  #notModified(sent: Forward, res: HttpResponse, unchanged: boolean): Omit<ResponseOutcome, 'invalidations'> {
    // Only a revalidation carries a stale response; any other 304 answers the client's own conditional request.
    const stale = sent.stale;
    if (stale === undefined) {
      return { response: res, revalidated: false, storage: { kind: 'not-stored', reason: 'not modified' } };
    }
    const { policy, matches } = stale.policy.revalidatedPolicy(policyRequest(sent.original), policyResponse(res));
    if (!matches) {
      // §4.3.4 forbids updating a stored response from a 304 whose validator is not its own. The client
      // still needs a body, and the stored one is the only one there is (the library's advice too).
      return { response: servedResponse(stale.policy, stale).response, revalidated: true, storage: { kind: 'not-stored', reason: 'validator mismatch' } };
    }
    // The library merges only header fields the stored response already had; `date` follows the same rule.
    const date = stale.date === undefined ? undefined : (res.headers.date ?? stale.date);
    const refreshed: StoredResponse = { ...stale, requestHeaders: sent.original.headers, policy, date };
    const served = servedResponse(policy, refreshed).response;
    const variants = this.#byKey.get(cacheKey(sent.original.path));
    const resident = this.#recency.get(stale);
    // The origin said the body was current when it answered, so the client may have it; but a write (or a
    // newer response, or eviction) has passed since, so it does not go back into the store.
    if (variants === undefined || resident === undefined || !variants.has(stale) || !unchanged) {
      return { response: served, revalidated: true, storage: { kind: 'not-stored', reason: unchanged ? 'replaced in flight' : 'invalidated in flight' } };
    }
    // The 304 changes only header values the stored response had, so it keeps the size it was counted at.
    variants.replace(stale, refreshed);
    this.#recency.delete(stale);
    this.#recency.set(refreshed, resident);
    return { response: served, revalidated: true, storage: { kind: 'refreshed', freshnessS: policy.maxAge() } };
  }

  #invalidate(key: string): Invalidation {
    this.#fence.invalidate(key);
    const variants = this.#byKey.get(key);
    if (variants === undefined) return { key, discarded: 0 };
    const discarded = variants.size;
    for (const stored of variants.all()) this.#remove(key, stored);
    return { key, discarded };
  }

  /** Drops `stored`, kept under `key`. */
  #remove(key: string, stored: StoredResponse): void {
    const variants = this.#byKey.get(key);
    if (variants === undefined || !variants.remove(stored)) return;
    if (variants.size === 0) this.#byKey.delete(key);
    this.#bytes -= this.#recency.get(stored)?.bytes ?? 0;
    this.#recency.delete(stored);
    for (const credential of credentialKeys(stored.requestHeaders)) {
      const filed = this.#byCredential.get(credential);
      filed?.delete(stored);
      if (filed?.size === 0) this.#byCredential.delete(credential);
    }
  }

  /**
   * Beyond RFC 9111, like the write fence: a successful response with `Clear-Site-Data: "cache"` (W3C; our
   * origin sends it to a logout) discards every stored response fetched with the request's credentials, so
   * a revoked session reads nothing from the store on its very next request; a browser clears its own
   * cache on the same header. One `Invalidation` per URL that lost responses.
   */
  #clearSiteData(req: HttpRequest, res: HttpResponse): Invalidation[] {
    if (res.status < 200 || res.status >= 300 || !clearsCache(res.headers['clear-site-data'])) return [];
    // A response fetched with the credential may be on its way back: nothing in flight is stored.
    this.#fence.invalidateAll();
    const discardedByKey = new Map<string, number>();
    for (const credential of credentialKeys(req.headers)) {
      for (const stored of [...(this.#byCredential.get(credential) ?? [])]) {
        const key = this.#recency.get(stored)?.key;
        if (key === undefined) continue;
        this.#remove(key, stored);
        discardedByKey.set(key, (discardedByKey.get(key) ?? 0) + 1);
      }
    }
    return [...discardedByKey].map(([key, discarded]) => ({ key, discarded }));
  }

  #touch(stored: StoredResponse): void {
    const resident = this.#recency.get(stored);
    if (resident === undefined) return;
    this.#recency.delete(stored);
    this.#recency.set(stored, resident);
  }

  /** Least recently used first, until the store fits its budget again. */
  #evictOver(): void {
    for (const [stored, { key }] of this.#recency) {
      if (this.#bytes <= this.#maxBytes) return;
      this.#remove(key, stored);
      this.#evictions++;
    }
  }

  /** Every policy reads the time from here, so it must only move forward. */
  #advance(nowUs: number): void {
    if (!(nowUs >= this.#nowUs)) throw new RangeError(`time went backwards: ${nowUs} µs after ${this.#nowUs} µs`);
    this.#nowUs = nowUs;
  }
}

/**
 * What a stored response counts against the budget: its body's UTF-8 bytes and its header fields as
 * received (name, `: `, value and CRLF, as on the wire). The request headers kept to select the variant and
 * the policy object are not counted; they are a few hundred bytes per entry, which the default leaves room for.
 */
export function storedBytes(res: { readonly headers: Headers; readonly bodyBytes: number }): number {
  let bytes = res.bodyBytes;
  for (const [name, value] of Object.entries(res.headers)) bytes += utf8Bytes(name) + utf8Bytes(value) + 4;
  return bytes;
}

function forward(kind: Forward['kind'], reason: string, req: HttpRequest, epoch: number): Forward {
  return { kind, reason, request: req, original: req, epoch, stale: undefined };
}

/** Did the library put a validator of the stored response into the request (RFC 9111 §4.3.1)? */
function addsValidator(req: HttpRequest, headers: Readonly<Record<string, string>>): boolean {
  return headers['if-none-match'] !== req.headers['if-none-match'] || headers['if-modified-since'] !== req.headers['if-modified-since'];
}

/** Why the library will not reuse a stored response that selects the request; for the trace only. */
function whyNotReused(stored: StoredResponse, req: HttpRequest): string {
  if (directives(req.headers['cache-control']).has('no-cache') || req.headers.pragma?.includes('no-cache') === true) return 'request no-cache';
  if (stored.policy.stale()) return 'stale';
  // The library revalidates a must-revalidate response even while it is fresh (RFC 9111 §5.2.2.2 asks
  // only once it is stale): conservative, so we leave it.
  if (directives(fromPolicyHeaders(stored.policy.responseHeaders())['cache-control']).has('must-revalidate')) return 'must-revalidate';
  return 'request max-age or min-fresh';
}
