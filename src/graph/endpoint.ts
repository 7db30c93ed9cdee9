import { type DocumentNode, type GraphQLError, validate } from 'graphql';
import type { Headers, HttpRequest, HttpResponse } from '../http/message.js';
import type { Guard } from '../policy/guard.js';
import type { PostsStore } from '../posts/store.js';
import type { UsersStore } from '../users/store.js';
import { DocumentCache } from './document-cache.js';
import { graphResponse, runOperation } from './execution.js';
import { readGraphRequest } from './http/request-params.js';
import { aliasesAndDepth } from './limits/static-rules.js';
import { estimateCost, maxCostRule, type VariableValues } from './limits/cost.js';
import { defaultGraphLimits, type GraphLimits } from './limits/settings.js';
import { parseWithLimits } from './limits/tokens.js';
import { Loaders } from './loaders.js';
import { type PersistedMode, PersistedQueries } from './persisted/persisted-queries.js';
import { type GraphContext, graphSchema } from './schema.js';

export interface GraphSettings {
  readonly limits: GraphLimits;
  /** `open`: Apollo's automatic persisted queries; `registered-only`: only the deployment's preloaded queries. */
  readonly persisted: PersistedMode;
  /** The deployment's own queries, registered at start: the only ones `registered-only` runs. */
  readonly preloadedQueries: readonly string[];
}

export const defaultGraphSettings: GraphSettings = { limits: defaultGraphLimits, persisted: 'open', preloadedQueries: [] };

/**
 * GraphQL data every identified caller may read: a GET answered without errors may be kept by the shared
 * cache, per credential (as notes are), so a repeated persisted GET is a cache hit.
 */
const cacheableGet = { 'cache-control': 'public, max-age=60', vary: 'authorization, cookie' };

/**
 * `/graphql`, the one endpoint of Area C, behind gate 1 like every other (the origin runs it first); gate 2
 * is asked field by field in the resolvers. POST carries any operation; GET only queries (a mutation over GET
 * is 405 with `Allow: POST`, GraphQL-over-HTTP). Everything a document alone decides (syntax, token count,
 * validation, depth, aliases) is checked once per distinct query and cached; the cost, which reads the
 * variables' `limit` values, is checked on every request. All of it before any resolver runs.
 */
export class GraphEndpoint {
  readonly documents: DocumentCache;
  readonly persisted = new PersistedQueries();
  /**
   * Totals over every request: batch calls of the loaders (what DataLoader saves), field resolvers called and
   * objects resolved (what a refused document must leave unchanged, and what the cost estimate must bound).
   */
  readonly stats = { batches: 0, resolverCalls: 0, objectsResolved: 0 };
  readonly #settings: GraphSettings;
  readonly #users: UsersStore;
  readonly #posts: PostsStore;

  constructor(users: UsersStore, posts: PostsStore, settings: GraphSettings = defaultGraphSettings) {
    this.#users = users;
    this.#posts = posts;
    this.#settings = settings;
    const limits = settings.limits;
    for (const query of settings.preloadedQueries) this.persisted.preload(query);
    this.documents = new DocumentCache(graphSchema, { parse: (q) => parseWithLimits(q, limits), rules: aliasesAndDepth(limits) });
  }

  handle(req: HttpRequest, guard: Guard): HttpResponse | Promise<HttpResponse> {
    const read = readGraphRequest(req);
    if (!read.ok) return read.response;
    const resolved = this.persisted.resolve(read.params, this.#settings.persisted);
    if (!resolved.ok) return resolved.response;
    const { variables, operationName } = read.params;
    const admission = this.admit(resolved.query, variables, operationName, guard);
    if (!admission.ok) return graphResponse(admission.status, { errors: admission.errors }, admission.headers);
    const context = this.context(guard);
    const isGet = req.method === 'GET';
    return runOperation(graphSchema, admission.document, { variables, operationName }, context, { mutation: !isGet }).then(({ response, executed, partial }) => {
      this.recordExecution(context);
      return isGet && executed && !partial ? { ...response, headers: { ...response.headers, ...cacheableGet } } : response;
    });
  }

  /**
   * Everything a document must pass before any resolver runs, whichever way it arrived (an HTTP request or a
   * subscription): syntax, token count, validation, depth and aliases (cached per document), then the cost,
   * which reads the variables, on every request.
   */
  admit(query: string, variables: VariableValues | undefined, operationName: string | undefined, _guard: Guard): Admission {
    const prepared = this.documents.prepare(query);
    if (!prepared.ok) return { ok: false, status: 400, errors: prepared.errors, headers: {} };
    const tooCostly = validate(graphSchema, prepared.document, [maxCostRule(this.#settings.limits, variables ?? {})]);
    if (tooCostly.length > 0) return { ok: false, status: 400, errors: tooCostly, headers: {} };
    const cost = estimateCost(prepared.document, graphSchema, variables ?? {}, this.#settings.limits, operationName);
    return { ok: true, document: prepared.document, cost };
  }

  /** A fresh context for one operation: the caller's gate 2 and new loaders, so no cache is shared between callers. */
  context(guard: Guard): GraphContext {
    return { guard, loaders: new Loaders(this.#users, this.#posts, this.stats), posts: this.#posts, resolved: 0, resolverCalls: 0 };
  }

  /** Adds one finished operation's counts to the totals. */
  recordExecution(context: GraphContext): void {
    this.stats.resolverCalls += context.resolverCalls;
    this.stats.objectsResolved += context.resolved;
  }
}

/** A document that may run, with its estimated cost; or why not, as a status and GraphQL errors. */
export type Admission =
  | { readonly ok: true; readonly document: DocumentNode; readonly cost: number }
  | { readonly ok: false; readonly status: number; readonly errors: readonly GraphQLError[]; readonly headers: Headers };
