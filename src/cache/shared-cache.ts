import type { HttpRequest, HttpResponse } from '../http/message.js';
import { methodProperties } from '../http/methods.js';
import { directives } from './cache-control.js';
import type { Forward, Invalidation, Lookup, ResponseOutcome, Storage } from './decisions.js';
import { invalidationTargets } from './invalidation.js';
import { fromPolicyHeaders, policyRequest, policyResponse } from './policy-headers.js';
import { servedResponse } from './served-response.js';
import { whyNotStored } from './storability.js';
import type { StoredResponse } from './stored-response.js';
import { selects } from './variant.js';
import { type PolicyClass, virtualClockPolicy } from './virtual-clock-policy.js';
import { WriteFence } from './write-fence.js';

export interface SharedCacheOptions {
  /** Whether a successful unsafe method discards what is stored for its URLs (RFC 9111 §4.4). */
  readonly invalidation: 'rfc9111' | 'never';
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
  /** Newest first: the first variant that selects a request is the most recent one (RFC 9111 §4.1). */
  readonly #byKey = new Map<string, StoredResponse[]>();
  readonly #fence = new WriteFence();
  readonly #Policy: PolicyClass;
  readonly #invalidates: boolean;
  #nowUs = 0;
  #size = 0;

  /**
   * `invalidation: 'never'` is a deliberately broken cache that ignores RFC 9111 §4.4 (it keeps serving what
   * it stored after a write): the variant the cache-coherence property must catch, and a lesson for the CLI.
   */
  constructor(options: SharedCacheOptions = { invalidation: 'rfc9111' }) {
    this.#Policy = virtualClockPolicy(() => this.#nowUs);
    this.#invalidates = options.invalidation === 'rfc9111';
  }

  /** Stored responses, all URLs and variants. */
  get size(): number {
    return this.#size;
  }

  /** The stored responses for one cache key, newest first. */
  variants(key: string): readonly StoredResponse[] {
    return this.#byKey.get(key) ?? [];
  }

  /** A request from a client: answer it from the store, or say what to send upstream and why. */
  lookup(req: HttpRequest, nowUs: number): Lookup {
    this.#advance(nowUs);
    if (!methodProperties(req.method).cacheable) return forward('bypass', `${req.method} is not cacheable`, req, 0);
    const key = req.path;
    const variants = this.#byKey.get(key);
    if (variants === undefined) return forward('miss', 'nothing stored', req, this.#fence.depart(key));
    const stored = variants.find((s) => selects(s, req.method, req.headers));
    if (stored === undefined) return forward('miss', 'no variant for this request', req, this.#fence.depart(key));
    const evaluation = stored.policy.evaluateRequest(policyRequest(req));
    // `stale-while-revalidate` comes back as a hit that wants a background revalidation; with no background
    // here, any revalidation the library asks for is made before answering.
    if (evaluation.revalidation === undefined) return { kind: 'hit', ...servedResponse(stored.policy, stored) };
    const reason = whyNotReused(stored, req);
    const headers = fromPolicyHeaders(evaluation.revalidation.headers);
    if (addsValidator(req, headers)) {
      return { kind: 'revalidate', reason, request: { ...req, headers }, original: req, epoch: this.#fence.depart(key), stale: stored };
    }
    // Stale with nothing to revalidate it with: only a request that accepts stale responses (max-stale)
    // could still use it, so it goes now rather than wait for a replacement that may never be storable.
    if (stored.policy.stale()) this.#remove(key, variants, stored);
    return forward('miss', reason, req, this.#fence.depart(key));
  }

  /**
   * The upstream response to a request that `lookup` sent on: invalidates (§4.4), stores, or merges a 304
   * into the stored response (§4.3.4), and says what the client gets.
   */
  onResponse(sent: Forward, res: HttpResponse, nowUs: number): ResponseOutcome {
    this.#advance(nowUs);
    const invalidations = this.#invalidates ? invalidationTargets(sent.original, res).map((key) => this.#invalidate(key)) : [];
    if (sent.kind === 'bypass') return { response: res, revalidated: false, storage: undefined, invalidations };
    const unchanged = this.#fence.arrive(sent.original.path, sent.epoch);
    if (res.status === 304) return { ...this.#notModified(sent, res, unchanged), invalidations };
    return { response: res, revalidated: false, storage: this.#store(sent.original, res, unchanged), invalidations };
  }

  #store(req: HttpRequest, res: HttpResponse, unchanged: boolean): Storage {
    const policy = new this.#Policy(policyRequest(req), policyResponse(res), { shared: true });
    const why = whyNotStored(req, res, policy) ?? (unchanged ? undefined : 'invalidated in flight');
    if (why !== undefined) return { kind: 'not-stored', reason: why };
    const key = req.path;
    const variants = this.#byKey.get(key) ?? [];
    const kept = variants.filter((v) => !selects(v, req.method, req.headers));
    const stored: StoredResponse = {
      method: req.method, requestHeaders: req.headers, vary: res.headers.vary, policy,
      status: res.status, body: res.body, bodyBytes: res.bodyBytes, date: res.headers.date,
    };
    this.#byKey.set(key, [stored, ...kept]);
    const replaced = variants.length - kept.length;
    this.#size += 1 - replaced;
    return { kind: 'stored', freshnessS: policy.maxAge(), replaced };
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
    const variants = this.#byKey.get(sent.original.path);
    // The origin said the body was current when it answered, so the client may have it; but a write (or a
    // newer response) has passed since, so it does not go back into the store.
    if (variants === undefined || !variants.includes(stale) || !unchanged) {
      return { response: served, revalidated: true, storage: { kind: 'not-stored', reason: unchanged ? 'replaced in flight' : 'invalidated in flight' } };
    }
    variants[variants.indexOf(stale)] = refreshed;
    return { response: served, revalidated: true, storage: { kind: 'refreshed', freshnessS: policy.maxAge() } };
  }

  #invalidate(key: string): Invalidation {
    this.#fence.invalidate(key);
    const variants = this.#byKey.get(key);
    if (variants === undefined) return { key, discarded: 0 };
    this.#byKey.delete(key);
    this.#size -= variants.length;
    return { key, discarded: variants.length };
  }

  /** Drops `stored`, which `lookup` has just found in `variants`, the list kept under `key`. */
  #remove(key: string, variants: StoredResponse[], stored: StoredResponse): void {
    variants.splice(variants.indexOf(stored), 1);
    this.#size--;
    if (variants.length === 0) this.#byKey.delete(key);
  }

  /** Every policy reads the time from here, so it must only move forward. */
  #advance(nowUs: number): void {
    if (!(nowUs >= this.#nowUs)) throw new RangeError(`time went backwards: ${nowUs} µs after ${this.#nowUs} µs`);
    this.#nowUs = nowUs;
  }
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
