import type { HttpResponse } from '../../http/message.js';
import { graphErrorResponse, type GraphError } from '../http/graph-error.js';
import { type GraphRequestParams, missingQueryError } from '../http/request-params.js';
import {
  cannotSendIdAndBody,
  hashMismatch,
  hashMismatchError,
  persistedQueryIdRequired,
  persistedQueryNotFound,
  persistedQueryNotInList,
} from './persisted-errors.js';
import { sha256Hex } from './sha256-hex.js';

/**
 * `open`: Apollo's automatic persisted queries; any query runs, and clients register queries by hash.
 * `registered-only`: the spec's "a deployment may accept only registered queries"; only preloaded queries
 * run, and only by hash.
 */
export type PersistedMode = 'open' | 'registered-only';

/**
 * Client registrations kept at most. Clients can register without limit, so memory needs a bound; each query
 * is itself bounded by the request size limit (64 KiB for a POST body).
 */
export const defaultMaxRegistered = 1000;

export type Registration = { readonly ok: true } | { readonly ok: false; readonly error: GraphError };

/**
 * Where the query that runs came from: sent in full without a hash, found by its hash, or sent with its hash
 * and registered just now.
 */
export type QuerySource = 'freeform' | 'persisted' | 'registered';

export type Resolution =
  | { readonly ok: true; readonly query: string; readonly source: QuerySource }
  | { readonly ok: false; readonly response: HttpResponse };

/**
 * Persisted queries by SHA-256 hash. Preloaded queries are the deployment's own: kept forever, outside the
 * bound, and the only ones `registered-only` serves. Client registrations are a cache in least-recently-used
 * order: past the bound the oldest is forgotten, and its client recovers by itself (a miss, then it sends
 * the query again). LRU rather than refusing new entries, because refusing would let the first thousand
 * registrations, a flood included, lock every later query out of the cache for good.
 */
export class PersistedQueries {
  readonly maxRegistered: number;
  readonly #preloaded = new Map<string, string>();
  /** Insertion order is recency order: the first key is the least recently used. */
  readonly #registered = new Map<string, string>();

  constructor(options: { readonly maxRegistered?: number } = {}) {
    const max = options.maxRegistered ?? defaultMaxRegistered;
    if (!Number.isInteger(max) || max < 0) throw new RangeError(`maxRegistered must be a non-negative integer, not ${max}.`);
    this.maxRegistered = max;
  }

  /** Registers a query of the deployment's own and returns its hash, for clients built with the same list. */
  preload(query: string): string {
    const hash = sha256Hex(query);
    this.#registered.delete(hash);
    this.#preloaded.set(hash, query);
    return hash;
  }

  /**
   * A client's registration. The hash is checked against the query, so a client can never attach its own
   * query to a hash that other clients send (Apollo Server: "hash hijacking").
   */
  register(hash: string, query: string): Registration {
    if (sha256Hex(query) !== hash) return { ok: false, error: hashMismatchError };
    if (this.#preloaded.has(hash)) return { ok: true };
    this.#registered.delete(hash);
    this.#registered.set(hash, query);
    if (this.#registered.size > this.maxRegistered) {
      const oldest = this.#registered.keys().next();
      if (oldest.done !== true) this.#registered.delete(oldest.value);
    }
    return { ok: true };
  }

  /** The query with this hash, preloaded or registered; a registration found here becomes the most recent. */
  lookup(hash: string): string | undefined {
    const preloaded = this.#preloaded.get(hash);
    if (preloaded !== undefined) return preloaded;
    const registered = this.#registered.get(hash);
    if (registered !== undefined) {
      this.#registered.delete(hash);
      this.#registered.set(hash, registered);
    }
    return registered;
  }

  /** Client registrations held now; never more than `maxRegistered`. */
  get registeredCount(): number {
    return this.#registered.size;
  }

  /**
   * The query a parsed request runs, by Apollo's APQ protocol in `open` mode and Apollo Router's safelisting
   * (with IDs required) in `registered-only` mode. Statuses and codes: README.md in this folder.
   */
  resolve(params: GraphRequestParams, mode: PersistedMode): Resolution {
    const { query, persistedHash: hash } = params;
    if (hash === undefined) {
      if (query === undefined) return { ok: false, response: graphErrorResponse(400, [missingQueryError]) };
      return mode === 'open' ? { ok: true, query, source: 'freeform' } : { ok: false, response: persistedQueryIdRequired() };
    }
    if (mode === 'registered-only') {
      // The query text never comes from a client here, so a hash with a body is refused even when it matches.
      if (query !== undefined) return { ok: false, response: cannotSendIdAndBody() };
      const preloaded = this.#preloaded.get(hash);
      return preloaded === undefined
        ? { ok: false, response: persistedQueryNotInList(hash) }
        : { ok: true, query: preloaded, source: 'persisted' };
    }
    if (query === undefined) {
      const known = this.lookup(hash);
      return known === undefined ? { ok: false, response: persistedQueryNotFound() } : { ok: true, query: known, source: 'persisted' };
    }
    return this.register(hash, query).ok ? { ok: true, query, source: 'registered' } : { ok: false, response: hashMismatch() };
  }
}
