import { hideSuggestions } from './limits/suggestions.js';
import { sha256Hex } from './persisted/sha256-hex.js';
import { rulesInOnePass } from './rules-in-one-pass.js';
import { singleFieldSubscriptionsRule } from './subscriptions/root-field-rule.js';
import { type DocumentNode, GraphQLError, parse, type GraphQLSchema, SingleFieldSubscriptionsRule, specifiedRules, validate, type ValidationRule } from 'graphql';

/**
 * The rules a document must pass, in the order their errors are listed: graphql-js's specified rules, its
 * subscription rule with the spec's newer check (`subscriptions/root-field-rule.ts`), then `extra`.
 */
export function documentRules(extra: readonly ValidationRule[]): ValidationRule[] {
  return [...specifiedRules.map((rule) => (rule === SingleFieldSubscriptionsRule ? singleFieldSubscriptionsRule : rule)), ...extra];
}

export type Prepared = { readonly ok: true; readonly document: DocumentNode } | { readonly ok: false; readonly errors: readonly GraphQLError[] };

/** The longest query text that is its own cache key; a longer one is keyed by its SHA-256. */
const maxTextKeyLength = 2_048;
const digestLike = /^[0-9a-f]{64}$/;

/**
 * A short text is its own key: the map hashes and compares it in a pass each, where its SHA-256 cost more
 * than all the rest of a hit. A long one is keyed by its SHA-256, so the cache never holds more than
 * `maxTextKeyLength` characters of key per entry (a text padded with comments parses to a small document).
 * A short text that looks like a digest is digested too, so no text can be taken for a longer one's key.
 */
function cacheKey(query: string): string {
  return query.length <= maxTextKeyLength && !(query.length === 64 && digestLike.test(query)) ? query : sha256Hex(query);
}

/**
 * Parsed and validated documents keyed by the query text (`cacheKey`), so a repeated query skips parse and
 * validation (validation is most of a small query's cost). Only the checks that depend on the document
 * alone are cached; limits that read variables run on every request. Bounded, least recently used first out.
 */
export class DocumentCache {
  readonly #schema: GraphQLSchema;
  readonly #capacity: number;
  readonly #entries = new Map<string, Prepared>();
  readonly #parse: (query: string) => DocumentNode | GraphQLError;
  /** `documentRules` as one rule: the same errors in half the time (`rules-in-one-pass.ts`). */
  readonly #rules: readonly ValidationRule[];
  #hits = 0;
  #misses = 0;

  constructor(schema: GraphQLSchema, options: { capacity?: number; parse?: (query: string) => DocumentNode | GraphQLError; rules?: readonly ValidationRule[] } = {}) {
    this.#schema = schema;
    this.#capacity = options.capacity ?? 1_000;
    this.#parse = options.parse ?? parseOrError;
    this.#rules = [rulesInOnePass(documentRules(options.rules ?? []))];
  }

  /** Queries answered from the cache. */
  get hits(): number {
    return this.#hits;
  }

  /** Queries parsed and validated, the first time or again after they were evicted. */
  get misses(): number {
    return this.#misses;
  }

  prepare(query: string): Prepared {
    const key = cacheKey(query);
    const cached = this.#entries.get(key);
    if (cached !== undefined) {
      this.#hits++;
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached;
    }
    this.#misses++;
    const parsed = this.#parse(query);
    const prepared: Prepared = parsed instanceof GraphQLError
      ? { ok: false, errors: [parsed] }
      : ((errors) => (errors.length > 0 ? { ok: false as const, errors } : { ok: true as const, document: parsed }))(hideSuggestions(validate(this.#schema, parsed, this.#rules, { hideSuggestions: true })));
    this.#entries.set(key, prepared);
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value!);
    return prepared;
  }
}

function parseOrError(query: string): DocumentNode | GraphQLError {
  try {
    return parse(query);
  } catch (error) {
    return error instanceof GraphQLError ? error : new GraphQLError(String(error));
  }
}
