import { createHash } from 'node:crypto';
import { Authenticator, type GateOne, unauthenticated } from './auth/authenticate.js';
import { Login } from './auth/login.js';
import type { Subject } from './auth/subject.js';
import { TokenIssuer } from './auth/tokens.js';
import { type HttpRequest, type HttpResponse, response, splitPath } from './http/message.js';
import { forbidden } from './http/forbidden.js';
import { methodNotAllowed, notFound, problem, problemResponse } from './http/problem.js';
import { idempotent, readsIdempotencyKey, replayedHeader } from './idempotency/idempotent-handler.js';
import { defaultRetentionUs } from './idempotency/record-store.js';
import { defaultRateLimit, type RateLimitSettings, TokenBuckets } from './rate-limit/token-bucket.js';
import { handleNotes } from './notes/routes.js';
import { defaultGraphSettings, GraphEndpoint, type GraphSettings } from './graph/endpoint.js';
import { handleOrders } from './orders/routes.js';
import { handlePosts } from './posts/routes.js';
import { parseUsersPath } from './users/path.js';
import { handleUsers } from './users/routes.js';
import type { OrdersStore } from './orders/store.js';
import type { NotesStore } from './notes/store.js';
import type { PostsStore } from './posts/store.js';
import type { UsersStore } from './users/store.js';
import type { demoAccountStore } from './auth/accounts.js';
import type { AuditLog } from './policy/audit-log.js';
import { createOriginStorage, type OriginStorage } from './origin-storage.js';
import { defaultDetectorSettings, type DetectorSettings, EnumerationDetector, type EnumerationAlert } from './policy/enumeration-detector.js';
import { Guard } from './policy/guard.js';
import { actionFor, describeObject, describeOperation, type ObjectRef, type Operation } from './policy/operation.js';
import { type OrdersBehaviour, Policy } from './policy/policy.js';
import { scopesOfRoles } from './policy/roles.js';
import type { SocketPeer } from './graph/subscriptions/connection.js';
import { GraphSockets } from './graph/subscriptions/graph-sockets.js';
import { openSocket, type SocketOpening } from './origin-socket.js';

export interface OriginSettings {
  readonly orders: OrdersBehaviour;
  readonly rateLimit: RateLimitSettings;
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
}

export const defaultOriginSettings: OriginSettings = {
  orders: 'owner-check',
  rateLimit: defaultRateLimit,
  detector: defaultDetectorSettings,
  // Optional, so the spec's demonstration of a keyless POST re-sent into a second note still runs.
  idempotencyKey: 'optional',
  idempotencyRetentionUs: defaultRetentionUs,
  idempotencyCommit: 'with-effect',
  graph: defaultGraphSettings,
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

/** A fixed environment for unit tests: time stands still at 0 and ids count up. */
export function testEnvironment(): OriginEnvironment {
  let n = 0;
  return { now: () => 0, newId: () => `test-id-${++n}`, signingKey: createHash('sha256').update('apisim test key').digest() };
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
  handle(req: HttpRequest): HttpResponse | Promise<HttpResponse>;
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
  openSocket(req: HttpRequest, peer: SocketPeer): SocketOpening | Promise<SocketOpening>;
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
  env: OriginEnvironment = testEnvironment(),
  settings: OriginSettings = defaultOriginSettings,
  storage: OriginStorage = createOriginStorage(env.now, env.newId, settings),
): Origin {
  const { notes, orders, users, posts, accounts, sessions, idempotency, audit } = storage;
  idempotency.recover();
  const tokens = new TokenIssuer(env.signingKey, env.newId);
  const stores = { accounts, sessions, tokens, scopesOf: scopesOfRoles };
  const authenticator = new Authenticator(stores);
  const login = new Login(stores);
  const policy = new Policy({ orders: settings.orders });
  const buckets = new TokenBuckets(settings.rateLimit);
  const graph = new GraphEndpoint({ users, posts, settings: settings.graph, now: env.now });
  const requiresKey = settings.idempotencyKey === 'required' ? (r: HttpRequest) => r.method === 'POST' : () => false;
  const detector = new EnumerationDetector(settings.detector);
  const stopDetecting = audit.onRecord((record) => detector.observe(record));
  const sockets = new GraphSockets(graph);
  const socketDoor = { now: env.now, authenticator, buckets, policy, audit, sockets, tooManyRequests };

  function afterGateOne(req: HttpRequest, pathname: string, query: string, gate: GateOne): HttpResponse | Promise<HttpResponse> {
    const nowUs = env.now();
    if (!gate.ok) {
      const res = unauthenticated(gate.reason, gate.tokenPresented);
      audit.record({ atUs: nowUs, userId: null, username: null, via: null, operation: req.method, object: pathname, objectId: null, decision: 'deny', reason: gate.reason, status: 401 });
      return res;
    }
    const subject = gate.subject;
    const guard = new Guard(subject, policy);
    const admitted = buckets.admit(`user:${subject.userId}`, nowUs);
    // Idempotency-Key is honoured after gates 1 and the rate limit, so a 401 or 429 is never stored, and
    // per caller, so one caller's key can never replay another's response.
    const res = !admitted.ok
      ? tooManyRequests(admitted.retryAfterSeconds)
      : readsIdempotencyKey(req.method)
        ? idempotent((r) => route(r, pathname, query, guard), idempotency, { scopeOf: () => `user:${subject.userId}`, requiresKey })(req)
        : route(req, pathname, query, guard);
    if (res instanceof Promise) return res.then((r) => audited(req, pathname, subject, guard, admitted.ok, privateByDefault(r)));
    return audited(req, pathname, subject, guard, admitted.ok, privateByDefault(res));
  }

  /** Writes the request's audit record, once its response is known, and passes the response on. */
  function audited(req: HttpRequest, pathname: string, subject: Subject, guard: Guard, admitted: boolean, res: HttpResponse): HttpResponse {
    const nowUs = env.now();
    const d = guard.decision;
    audit.record({
      atUs: nowUs, userId: subject.userId, username: subject.username, via: subject.via,
      operation: d === undefined ? req.method : describeOperation(d.operation),
      object: d === undefined ? pathname : describeObject(d.object),
      objectId: d?.object.id ?? null,
      decision: admitted && (d?.allow ?? res.status < 400) ? 'allow' : 'deny',
      reason: !admitted ? 'rate limited' : res.headers[replayedHeader] !== undefined ? 'replayed for its Idempotency-Key' : (d?.reason ?? `no resource decision (${res.status})`),
      status: res.status,
    });
    return res;
  }

  function route(req: HttpRequest, pathname: string, query: string, guard: Guard): HttpResponse | Promise<HttpResponse> {
    if (pathname === '/graphql') return graph.handle(req, guard);
    if (pathname === '/orders' || pathname.startsWith('/orders/')) return handleOrders(orders, req, pathname, guard);
    if (pathname === '/notes' || pathname.startsWith('/notes/')) return handleNotes(notes, req, pathname, guard);
    if (pathname === '/users' || pathname.startsWith('/users/')) return routeUsers(req, pathname, query, guard);
    if (pathname === '/posts' || pathname.startsWith('/posts/')) return handlePosts(posts, req, pathname, query, guard);
    if (pathname === '/sessions/current') {
      if (req.method !== 'DELETE') return methodNotAllowed(req.method, ['DELETE']);
      const access = guard.access({ action: 'delete', resource: 'sessions' }, { resource: 'sessions' });
      return access.allow ? login.logout(guard.subject) : forbidden(access.reason);
    }
    return notFound(pathname);
  }

  function finish(head: boolean, req: HttpRequest, pathname: string, query: string, gate: GateOne): HttpResponse | Promise<HttpResponse> {
    const res = afterGateOne(req, pathname, query, gate);
    if (!head) return res;
    return res instanceof Promise ? res.then((r) => response(r.status, r.headers)) : response(res.status, res.headers);
  }

  /**
   * Users and a user's posts: gate 2 runs before the lookup, and an owner-limited operation on someone else's
   * id is 403 whether or not that id exists, so the answer does not reveal which ids are taken.
   */
  function routeUsers(req: HttpRequest, pathname: string, query: string, guard: Guard): HttpResponse {
    const target = parseUsersPath(pathname);
    const action = target === undefined ? undefined : actionFor(req.method, target.kind !== 'user');
    if (target === undefined || action === undefined) return handleUsers({ users, posts }, req, pathname, query); // 404 or 405
    const operation: Operation = { action, resource: target.kind === 'posts' ? 'posts' : 'users' };
    const object: ObjectRef = target.kind === 'users' ? { resource: 'users' } : { resource: operation.resource, id: target.userId };
    const access = guard.access(operation, object);
    if (!access.allow) return forbidden(access.reason);
    if (access.lookup.kind === 'owner' && target.kind !== 'users' && access.lookup.userId !== target.userId) {
      guard.deny(operation, object, 'not the owner');
      return forbidden(`user ${target.userId} is not you`);
    }
    return handleUsers({ users, posts }, req, pathname, query);
  }

  return {
    handle(req) {
      const { pathname, query } = splitPath(req.path);
      if (pathname === '/sessions' || pathname === '/tokens') {
        if (req.method === 'POST') return login.login(req, pathname === '/sessions' ? 'session' : 'token', env.now());
        const refused = methodNotAllowed(req.method, ['POST']);
        // A response to HEAD has no content (RFC 9110 §9.3.2), a refusal included; found by the fuzz properties.
        return req.method === 'HEAD' ? response(refused.status, refused.headers) : refused;
      }
      // HEAD is GET without the body (RFC 9110 §9.3.2): the same gates, the same headers.
      const asGet = req.method === 'HEAD' ? { ...req, method: 'GET' } : req;
      const gate = authenticator.authenticate(asGet, env.now());
      // Only a token takes the promise path; a session is answered without one.
      if (gate instanceof Promise) return gate.then((g) => finish(req.method === 'HEAD', asGet, pathname, query, g));
      return finish(req.method === 'HEAD', asGet, pathname, query, gate);
    },
    state: () => ({ notes: notes.snapshot(), orders: orders.snapshot(), users: users.snapshot(), posts: posts.snapshot() }),
    settings,
    login,
    accounts,
    audit,
    alerts: detector.alerts,
    graphStats: () => ({
      ...graph.stats, documentHits: graph.documents.hits, documentMisses: graph.documents.misses,
      openSockets: sockets.stats.open, activeSubscriptions: graph.events.size,
    }),
    openSocket: (req, peer) => openSocket(socketDoor, req, peer),
    socketMessagesSettled: () => sockets.deliveries.settled(),
    halt: stopDetecting,
  };
}

/**
 * A response to an identified caller is `private` unless its resource says otherwise: a shared cache must not
 * store it for someone else (RFC 9111 §5.2.2.7). Deny by default, for caching too.
 */
function privateByDefault(res: HttpResponse): HttpResponse {
  return res.headers['cache-control'] === undefined ? { ...res, headers: { ...res.headers, 'cache-control': 'private' } } : res;
}

function tooManyRequests(retryAfterSeconds: number): HttpResponse {
  return problemResponse(problem(429, 'rate-limited', 'Too Many Requests', `Slow down: try again in ${retryAfterSeconds} s.`), {
    'retry-after': String(retryAfterSeconds),
  });
}
