import { validate } from 'graphql';
import type { HttpRequest, HttpResponse } from '../http/message.js';
import type { Guard } from '../policy/guard.js';
import type { PostsStore } from '../posts/store.js';
import type { UsersStore } from '../users/store.js';
import { DocumentCache } from './document-cache.js';
import { graphResponse, runOperation } from './execution.js';
import { readGraphRequest } from './http/request-params.js';
import { aliasesAndDepth } from './limits/static-rules.js';
import { maxCostRule } from './limits/cost.js';
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
    const prepared = this.documents.prepare(resolved.query);
    if (prepared.ok) {
      const tooCostly = validate(graphSchema, prepared.document, [maxCostRule(this.#settings.limits, variables ?? {})]);
      if (tooCostly.length > 0) return graphResponse(400, { errors: tooCostly });
    }
    const context: GraphContext = { guard, loaders: new Loaders(this.#users, this.#posts, this.stats), posts: this.#posts, resolved: 0, resolverCalls: 0 };
    const isGet = req.method === 'GET';
    return runOperation(graphSchema, prepared, { variables, operationName }, context, { mutation: !isGet }).then(({ response, executed, partial }) => {
      this.stats.resolverCalls += context.resolverCalls;
      this.stats.objectsResolved += context.resolved;
      return isGet && executed && !partial ? { ...response, headers: { ...response.headers, ...cacheableGet } } : response;
    });
  }
}

