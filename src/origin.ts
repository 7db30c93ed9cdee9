import { Authenticator } from './auth/authenticate.js';
import { Login } from './auth/login.js';
import { TokenIssuer } from './auth/tokens.js';
import { defaultGraphSettings, GraphEndpoint, type GraphSettings } from './graph/endpoint.js';
import type { SocketPeer } from './graph/subscriptions/connection.js';
import { GraphSockets } from './graph/subscriptions/graph-sockets.js';
import type { Handler, Maybe } from './http/handler.js';
import type { HttpRequest } from './http/message.js';
import { defaultRetentionUs } from './idempotency/record-store.js';
import type { NotesStore } from './notes/store.js';
import type { OrderExistence } from './orders/routes.js';
import type { OrdersStore } from './orders/store.js';
import { graphSocketDoor, type SocketOpening } from './origin-socket.js';
import { createOriginStorage, defaultStoreQuotas, type OriginStorage, type StoreQuotas } from './origin-storage.js';
import { requestPipeline } from './pipeline/request-pipeline.js';
import type { demoAccountStore } from './auth/accounts.js';
import type { AuditLog } from './policy/audit-log.js';
import { defaultDetectorSettings, type DetectorSettings, EnumerationDetector, type EnumerationAlert } from './policy/enumeration-detector.js';
import { type OrdersBehaviour, Policy } from './policy/policy.js';
import { scopesOfRoles } from './policy/roles.js';
import type { PostsStore } from './posts/store.js';
import { defaultLoginThrottle, LoginThrottle, type LoginThrottleSettings } from './rate-limit/login-throttle.js';
import { defaultRateLimit, type RateLimitSettings, TokenBuckets } from './rate-limit/token-bucket.js';
import { resourceRoutes } from './routes.js';
import type { UsersStore } from './users/store.js';

export interface OriginSettings {
  readonly orders: OrdersBehaviour;
  /** Someone else's order: 403 and a missing one 404 (`revealed`, the spec's pair), or 404 for both (`hidden`). */
  readonly orderExistence: OrderExistence;
  readonly rateLimit: RateLimitSettings;
  /** Failed logins per username and per client address before `POST /sessions` and `/tokens` answer 429. */
  readonly loginThrottle: LoginThrottleSettings;
  readonly detector: DetectorSettings;
  /** `required`: a POST without `Idempotency-Key` is refused with 400 (the draft's "endpoint requires a key"). */
  readonly idempotencyKey: 'optional' | 'required';
  readonly idempotencyRetentionUs: number;
  /**
   * `with-effect`: an idempotency record is committed in the same step as its effect. `write-behind`: in a
   * later step, so a crash between them duplicates the effect on the re-send; only to show that it does.
   */
  readonly idempotencyCommit: 'with-effect' | 'write-behind';
  /** The graph endpoint's limits and persisted-query mode. */
  readonly graph: GraphSettings;
  /** What one caller may keep in notes, users, posts and comments; past it a write is 507 (a field error in the graph). */
  readonly quotas: StoreQuotas;
}

export const defaultOriginSettings: OriginSettings = {
  orders: 'owner-check',
  orderExistence: 'revealed',
  rateLimit: defaultRateLimit,
  loginThrottle: defaultLoginThrottle,
  detector: defaultDetectorSettings,
  // Optional, so the spec's demonstration of a keyless POST re-sent into a second note still runs.
  idempotencyKey: 'optional',
  idempotencyRetentionUs: defaultRetentionUs,
  idempotencyCommit: 'with-effect',
  graph: defaultGraphSettings,
  quotas: defaultStoreQuotas,
};

/** Everything the origin takes from the world: the simulator passes virtual time and seeded ids. */
export interface OriginEnvironment {
  /** Virtual microseconds. */
  readonly now: () => number;
  /** Session ids and token ids: unguessable in production, seeded in the simulator. */
  readonly newId: () => string;
  /** The HS256 key for access tokens, at least 32 bytes. */
  readonly signingKey: Uint8Array;
}

export interface GraphStats {
  readonly batches: number;
  readonly resolverCalls: number;
  readonly objectsResolved: number;
  readonly documentHits: number;
  readonly documentMisses: number;
  /** WebSocket connections open now, and subscriptions listening now (`src/graph/subscriptions/`). */
  readonly openSockets: number;
  readonly activeSubscriptions: number;
}

export interface OriginState {
  readonly notes: ReturnType<NotesStore['snapshot']>;
  readonly orders: ReturnType<OrdersStore['snapshot']>;
  readonly users: ReturnType<UsersStore['snapshot']>;
  readonly posts: ReturnType<PostsStore['snapshot']>;
}

/**
 * The origin server: both gates in fixed order in front of every resource (spec §5.1), then the resource.
 * It knows nothing of the simulator.
 */
export interface Origin {
  readonly handle: Handler;
  /** What a scenario reports as the origin's final state. */
  state(): OriginState;
  readonly settings: OriginSettings;
  /** Issues credentials as a login would, for scenarios and tests. */
  readonly login: Login;
  readonly accounts: ReturnType<typeof demoAccountStore>;
  readonly audit: AuditLog;
  readonly alerts: readonly EnumerationAlert[];
  /** The graph endpoint's totals so far: loader batches, resolver calls, objects resolved, document-cache use. */
  graphStats(): GraphStats;
  /**
   * The WebSocket door for GraphQL subscriptions (graphql-ws, subprotocol `graphql-transport-ws`): an
   * upgrade `GET /graphql` passes gate 1 and the rate limit like any request and gets 101 and the socket's
   * server side, or the same refusal any request would (401, 429), or the upgrade's own (400, 404, 405, 426).
   * The transport feeds the client's text frames to `socket.receive` and sends what `peer` is given.
   * See `src/origin-socket.ts`.
   */
  openSocket(req: HttpRequest, peer: SocketPeer): Maybe<SocketOpening>;
  /**
   * Pushes and socket answers begun so far, once all are handed to their peers; `undefined` when none are
   * waiting. Only a caller that owns time needs it: the simulator awaits it so that every message a request
   * caused leaves at that request's virtual time, never from a stray microtask.
   */
  socketMessagesSettled(): Promise<void> | undefined;
  /**
   * What a crash does to this process: it stops listening to the storage it shares with the process that
   * restarts after it. Its sockets, subscriptions and other memory go with the object; the storage stays.
   */
  halt(): void;
}

/**
 * An origin process over `storage`. Without one it gets fresh storage with the demo data; with the storage
 * of a process that crashed, it is that process restarted: what was committed is there, what was only in
 * flight or in memory is not (`src/origin-storage.ts`).
 */
export function createOrigin(
  env: OriginEnvironment,
  settings: OriginSettings = defaultOriginSettings,
  storage: OriginStorage = createOriginStorage(env.now, env.newId, settings),
): Origin {
  const { notes, orders, users, posts, accounts, sessions, audit } = storage;
  storage.idempotency.recover();
  const stores = { accounts, sessions, tokens: new TokenIssuer(env.signingKey, env.newId), scopesOf: scopesOfRoles };
  const authenticator = new Authenticator(stores);
  const policy = new Policy({ orders: settings.orders });
  const buckets = new TokenBuckets(settings.rateLimit);
  const login = new Login(stores, new LoginThrottle(settings.loginThrottle));
  const graph = new GraphEndpoint({ users, posts, settings: settings.graph, now: env.now });
  const requiresKey = settings.idempotencyKey === 'required' ? (r: HttpRequest) => r.method === 'POST' : () => false;
  const detector = new EnumerationDetector(settings.detector);
  const stopDetecting = audit.onRecord((record) => detector.observe(record));
  const sockets = new GraphSockets(graph, env.now);

  const gates = { now: env.now, login, authenticator, policy, buckets, audit, idempotency: storage.idempotency, requiresKey };
  const socketDoor = graphSocketDoor({ now: env.now, authenticator, policy, buckets, audit, sockets });

  return {
    handle: requestPipeline(gates, resourceRoutes({ graph, orders, notes, users, posts, login, orderExistence: settings.orderExistence })),
    state: () => ({ notes: notes.snapshot(), orders: orders.snapshot(), users: users.snapshot(), posts: posts.snapshot() }),
    settings,
    login,
    accounts,
    audit,
    alerts: detector.alerts,
    graphStats: () => {
      const { activeSubscriptions, ...totals } = graph.totals();
      return { ...totals, openSockets: sockets.stats.open, activeSubscriptions };
    },
    openSocket: socketDoor,
    socketMessagesSettled: () => sockets.deliveries.settled(),
    halt: () => {
      stopDetecting();
      graph.halt();
    },
  };
}
