import { type DocumentNode, getOperationAST, GraphQLError, OperationTypeNode } from 'graphql';
import { callerKey } from '../auth/subject.js';
import { andThen, type Maybe } from '../http/handler.js';
import { type Headers, type HttpRequest, type HttpResponse, withHeaders } from '../http/message.js';
import type { Guard } from '../policy/guard.js';
import type { PostsStore } from '../posts/store.js';
import type { UsersStore } from '../users/store.js';
import { type Charge, CostBudget, type CostBudgetSettings, type CostReport, defaultCostBudget } from './cost-budget.js';
import { type CompileAfterRuns, CompiledOperations } from './compiled-operations.js';
import { DocumentCache } from './document-cache.js';
import { graphResponse, runOperation } from './execution.js';
import { readGraphRequest } from './http/request-params.js';
import { aliasesAndDepth } from './limits/static-rules.js';
import { type CostCheck, maxCostCheck, type VariableValues } from './limits/cost.js';
import { defaultGraphLimits, type GraphLimits } from './limits/settings.js';
import { parseWithLimits } from './limits/tokens.js';
import { Loaders } from './loaders.js';
import { type PersistedMode, PersistedQueries } from './persisted/persisted-queries.js';
import { type GraphContext, graphSchema } from './schema.js';
import { EventHub } from './subscriptions/event-hub.js';
import { type GraphEvent, publishPostsDeleted } from './subscriptions/graph-events.js';

export interface GraphSettings {
  readonly limits: GraphLimits;
  /** `open`: Apollo's automatic persisted queries; `registered-only`: only the deployment's preloaded queries. */
  readonly persisted: PersistedMode;
  /** The deployment's own queries, registered at start: the only ones `registered-only` runs. */
  readonly preloadedQueries: readonly string[];
  /** Cost points each caller may spend, refilled on the virtual clock (spec §8.1). */
  readonly costBudget: CostBudgetSettings;
  /** When a query of a cached document is compiled (`compiled-operations.ts`); `defaultCompileAfterRuns` when left out. */
  readonly compileAfterRuns?: CompileAfterRuns;
}

export const defaultGraphSettings: GraphSettings = { limits: defaultGraphLimits, persisted: 'open', preloadedQueries: [], costBudget: defaultCostBudget };

export interface GraphEndpointOptions {
  readonly users: UsersStore;
  readonly posts: PostsStore;
  /** `defaultGraphSettings` when left out. */
  readonly settings?: GraphSettings;
  /**
   * Virtual microseconds, for the cost budget's refill. Required, with no default: a clock that never moves
   * would leave every caller's budget as it was after its first burst, without a word.
   */
  readonly now: () => number;
}

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
  /** The document cache's admitted queries, compiled once they come back (`compiled-operations.ts`). */
  readonly operations: CompiledOperations;
  readonly persisted = new PersistedQueries();
  /** Mutations publish here, whichever transport carried them; subscriptions listen (`subscriptions/`). */
  readonly events = new EventHub<GraphEvent>();
  /** Each operation's loaders count their batches straight into it; `execute` adds the rest when it ends. */
  readonly #stats = { batches: 0, resolverCalls: 0, objectsResolved: 0 };
  readonly #settings: GraphSettings;
  readonly #users: UsersStore;
  readonly #posts: PostsStore;
  readonly #budget: CostBudget;
  readonly #cost: CostCheck;
  /** Virtual microseconds, for the cost budget's refill. */
  readonly #now: () => number;
  readonly #stopHearingRemovals: () => void;

  constructor({ users, posts, settings = defaultGraphSettings, now }: GraphEndpointOptions) {
    this.#budget = new CostBudget(settings.costBudget);
    this.#now = now;
    this.#users = users;
    this.#posts = posts;
    this.#settings = settings;
    const limits = settings.limits;
    for (const query of settings.preloadedQueries) this.persisted.preload(query);
    this.documents = new DocumentCache(graphSchema, { parse: (q) => parseWithLimits(q, limits), rules: aliasesAndDepth(limits) });
    this.operations = new CompiledOperations(graphSchema, settings.compileAfterRuns);
    this.#cost = maxCostCheck(graphSchema, limits);
    this.#stopHearingRemovals = posts.onPostsRemoved((postIds) => publishPostsDeleted(this.events, postIds));
  }

  /** Stops hearing the posts store, which outlives this endpoint when its process crashes (`Origin.halt`). */
  halt(): void {
    this.#stopHearingRemovals();
  }

  handle(req: HttpRequest, guard: Guard): Maybe<HttpResponse> {
    const read = readGraphRequest(req);
    if (!read.ok) return read.response;
    const resolved = this.persisted.resolve(read.params, this.#settings.persisted);
    if (!resolved.ok) return resolved.response;
    const { variables, operationName } = read.params;
    const isGet = req.method === 'GET';
    const admission = this.admit(resolved.query, variables, operationName, guard, isGet ? overGet : overPost);
    if (!admission.ok) return graphResponse(admission.status, { errors: admission.errors, extensions: admission.extensions }, admission.headers);
    const ran = this.execute(guard, (context) => runOperation(this.operations, admission.document, { variables, operationName }, context, admission.extensions));
    return andThen(ran, ({ response, executed, partial }) =>
      isGet && executed && !partial ? { ...response, headers: withHeaders(response.headers, cacheableGet) } : response);
  }

  /**
   * Everything a document must pass before any resolver runs, whichever way it arrived (an HTTP request or a
   * subscription): syntax, token count, validation, depth and aliases (cached per document); the operation
   * to run and whether this transport may carry it; the cost, which reads the variables; and last the caller's
   * cost budget, so that a refused operation is never charged.
   */
  admit(
    query: string,
    variables: VariableValues | undefined,
    operationName: string | undefined,
    guard: Guard,
    transport: Transport,
  ): Admission {
    const prepared = this.documents.prepare(query);
    if (!prepared.ok) return refused(400, prepared.errors);
    const operation = getOperationAST(prepared.document, operationName);
    if (operation === null || operation === undefined) {
      return refused(400, [new GraphQLError(operationName === undefined ? 'The document has several operations: name one with operationName.' : `No operation named "${operationName}".`)]);
    }
    if (!transport.carries.includes(operation.operation)) return notCarried(operation.operation, transport);
    const priced = this.#cost(prepared.document, operation, variables ?? {});
    if (!priced.ok) return refused(400, priced.errors);
    const cost = priced.cost;
    const charge = this.#budget.charge(callerKey(guard.subject), this.#now(), cost);
    const extensions = charge.report === undefined ? undefined : { cost: charge.report };
    if (!charge.ok) {
      return refused(charge.status, [charge.error], charge.retryAfterSeconds === undefined ? {} : { 'retry-after': String(charge.retryAfterSeconds) }, extensions);
    }
    return { ok: true, document: prepared.document, cost, extensions };
  }

  /**
   * Charges `cost` to the caller's budget now, outside any admission: what each push of a subscription costs
   * (the estimate its `subscribe` was admitted at), since each push runs the subscriber's selection again.
   */
  charge(guard: Guard, cost: number): Charge {
    return this.#budget.charge(callerKey(guard.subject), this.#now(), cost);
  }

  /** Everything the endpoint counts, as it is now: a copy, so only the endpoint moves it. */
  totals(): GraphTotals {
    const { batches, resolverCalls, objectsResolved } = this.#stats;
    return {
      batches,
      resolverCalls,
      objectsResolved,
      documentHits: this.documents.hits,
      documentMisses: this.documents.misses,
      activeSubscriptions: this.events.size,
    };
  }

  /** The request totals alone (see `GraphTotals`), as a copy; `totals()` has them with the rest. */
  get stats(): Pick<GraphTotals, 'batches' | 'resolverCalls' | 'objectsResolved'> {
    const { batches, resolverCalls, objectsResolved } = this.#stats;
    return { batches, resolverCalls, objectsResolved };
  }

  /** The persisted-query mode, which a `subscribe` over the socket obeys as a POST does. */
  get persistedMode(): PersistedMode {
    return this.#settings.persisted;
  }

  /**
   * Runs one operation for `guard`, whichever transport carried it: `operation` gets a fresh context (the
   * caller's gate 2 and new loaders, so no cache is shared between callers), and once it has finished its
   * counts join the totals. One call, so no operation can run with a context whose counts are never added.
   */
  execute<T>(guard: Guard, operation: (context: GraphContext) => Maybe<T>): Maybe<T> {
    const context: GraphContext = { guard, loaders: new Loaders(this.#users, this.#posts, this.#stats), posts: this.#posts, events: this.events, resolved: 0, resolverCalls: 0 };
    return andThen(operation(context), (result) => {
      this.#stats.resolverCalls += context.resolverCalls;
      this.#stats.objectsResolved += context.resolved;
      return result;
    });
  }
}

/** What the endpoint has counted since it began. */
export interface GraphTotals {
  /** Batch calls of the loaders: what DataLoader saves. */
  readonly batches: number;
  /** Field resolvers called, and objects resolved: what a refused document must leave unchanged, and what the cost estimate must bound. */
  readonly resolverCalls: number;
  readonly objectsResolved: number;
  /** Queries the document cache answered, and queries it had to parse and validate. */
  readonly documentHits: number;
  readonly documentMisses: number;
  /** Subscriptions listening now. */
  readonly activeSubscriptions: number;
}

/** What a response reports beside `data` and `errors`: the cost charged and the budget left. */
export interface GraphExtensions {
  readonly cost: CostReport;
}

/** A document that may run, with its estimated cost; or why not, as a status and GraphQL errors. */
export type Admission =
  | { readonly ok: true; readonly document: DocumentNode; readonly cost: number; readonly extensions: GraphExtensions | undefined }
  | { readonly ok: false; readonly status: number; readonly errors: readonly GraphQLError[]; readonly headers: Headers; readonly extensions: GraphExtensions | undefined };

/** A way an operation reaches the endpoint, and the kinds of operation it may carry. */
export interface Transport {
  /** How a refusal names it to the client. */
  readonly name: string;
  readonly carries: readonly OperationTypeNode[];
}

const overGet: Transport = { name: 'GET', carries: [OperationTypeNode.QUERY] };
const overPost: Transport = { name: 'POST', carries: [OperationTypeNode.QUERY, OperationTypeNode.MUTATION] };
/** graphql-ws carries every kind: a query or a mutation runs once, a subscription for as long as it lives. */
export const overSocket: Transport = { name: 'the WebSocket', carries: [OperationTypeNode.QUERY, OperationTypeNode.MUTATION, OperationTypeNode.SUBSCRIPTION] };

function refused(status: number, errors: readonly GraphQLError[], headers: Headers = {}, extensions?: GraphExtensions): Admission {
  return { ok: false, status, errors, headers, extensions };
}

/**
 * A mutation over GET is 405 with `Allow: POST` (GraphQL-over-HTTP: GET must not change anything). A
 * subscription over HTTP is 400: it needs a connection that stays open, the WebSocket at the same path.
 */
function notCarried(operation: OperationTypeNode, transport: Transport): Admission {
  if (operation === OperationTypeNode.SUBSCRIPTION) {
    return refused(400, [new GraphQLError('A subscription needs a connection that stays open: open a WebSocket to /graphql with the graphql-transport-ws subprotocol.')]);
  }
  return refused(405, [new GraphQLError(`A ${operation} cannot be sent with ${transport.name}; use POST.`)], { allow: 'POST' });
}
