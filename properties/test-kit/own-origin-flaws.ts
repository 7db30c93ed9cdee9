import { isObjectType, Kind, parse, print, TypeInfo, visit, visitWithTypeInfo, type FieldNode } from 'graphql';
import { defaultGraphSettings } from '../../src/graph/endpoint.js';
import { graphLimitsWith } from '../../src/graph/limits/settings.js';
import { graphSchema } from '../../src/graph/schema.js';
import { type HttpRequest, type HttpResponse, request as plainRequest, response as plainResponse } from '../../src/http/message.js';
import { notFound } from '../../src/http/problem.js';
import { createOrigin, defaultOriginSettings, type Origin, type OriginSettings } from '../../src/origin.js';
import { testEnvironment } from '../../src/testing-kit.js';
import { ownOriginTarget } from '../targets/own-origin-target.js';
import type { TargetInput } from '../targets/target.js';

/**
 * apisim's own origin as a guest's fetch app, with one classic flaw each, for the principles' own tests: its
 * server behaviours (`orders`, `idempotencyRecord`, `cache`) have no mode for these slips, and a principle
 * must show that it catches them on the own origin too, not only on a hand-written app. Each flaw is a thin
 * front over the real origin, so everything but the slip is apisim's own behaviour.
 */
export type OwnFlaw =
  /** Gate 1 after the lookup: a missing order answers 404 before anyone asks who is calling. */
  | 'lookup-before-gate-one'
  /** A 401 that says more for an order that exists ("sign in to see order 121"), so a stranger can map the ids. */
  | 'existence-in-401'
  /** "Read once" notes: a GET of a note deletes it, through the real DELETE, after answering. */
  | 'read-deletes'
  /** An upsert slip: a PUT of a note that does not exist is handled as a POST, so each repeat adds one. */
  | 'put-as-post'
  /** A front that drops the Idempotency-Key header on its way in. */
  | 'ignores-keys'
  /** A front whose normalizing cache adds `id` and `__typename` to every selection set, and leaves them in the answer. */
  | 'normalizing-front'
  /** The graph's depth and cost limits switched off, as a deployment does "until we have numbers". */
  | 'no-graph-limits'
  /**
   * A cache in the app's own front that stores GET answers by path alone, `private` or not (nginx with
   * `proxy_ignore_headers Cache-Control`), so one caller's answer reaches the next; writes to a path drop it.
   */
  | 'caches-private'
  /**
   * A cache in the app's own front keyed on the path without its query string (nginx's `proxy_cache_key
   * $host$uri` for `$request_uri`), storing what `Cache-Control` lets it: one persisted query's GET is
   * answered with another's.
   */
  | 'cache-key-without-query';

/** The app a run builds: the fetch handler, and the origin behind it for `state`. */
export interface FlawedOrigin {
  readonly origin: Origin;
  fetch(request: Request): Promise<Response>;
}

export function flawedOrigin(flaw: OwnFlaw | 'none'): FlawedOrigin {
  const settings: OriginSettings = flaw === 'no-graph-limits'
    ? { ...defaultOriginSettings, graph: { ...defaultGraphSettings, limits: graphLimitsWith({ maxDepth: Infinity, maxCost: Infinity }) } }
    : defaultOriginSettings;
  // The world lends the app a virtual Date: time moves as the run's clock does, from 0 when the app is built.
  const startMs = Date.now();
  const origin = createOrigin({ ...testEnvironment(), now: () => (Date.now() - startMs) * 1000 }, settings);
  openSessions(origin);
  const handle = async (req: HttpRequest): Promise<HttpResponse> => origin.handle(req);
  const front = flaw === 'caches-private' ? frontCache((path) => path, true) : flaw === 'cache-key-without-query' ? frontCache((path) => path.split('?')[0]!, false) : fronts[flaw];
  return { origin, fetch: async (request) => answer(await listingNotes(await plain(request), origin, (req) => front(req, handle, origin))) };
}

/**
 * The users' sessions, open before the first request: a sign-in checks the password with Node's asynchronous
 * scrypt, whose work on libuv's thread pool the virtual world cannot see (docs/guest-world.md, Limits), so a
 * guest app that signs in through it is never answered. The description gives these cookies as they are.
 */
const sessionCookies = { user: 'sid=test-id-1', otherUser: 'sid=test-id-2' } as const;

function openSessions(origin: Origin): void {
  const opened = [1, 2].map((userId) => `sid=${origin.login.openSession(origin.accounts.byId(userId)!, 0)}`);
  if (opened[0] !== sessionCookies.user || opened[1] !== sessionCookies.otherUser) throw new Error(`the sessions opened as ${opened.join(', ')}, not as the description gives them`);
}

type Front = (req: HttpRequest, handle: (req: HttpRequest) => Promise<HttpResponse>, origin: Origin) => Promise<HttpResponse>;

const fronts: Readonly<Record<OwnFlaw | 'none', Front>> = {
  none: (req, handle) => handle(req),
  'lookup-before-gate-one': (req, handle, origin) => {
    const id = /^\/orders\/(\d+)$/.exec(req.path)?.[1];
    if (id !== undefined && !origin.state().orders.some((o) => o.id === Number(id))) return Promise.resolve(notFound(req.path));
    return handle(req);
  },
  'existence-in-401': async (req, handle, origin) => {
    const res = await handle(req);
    const id = /^\/orders\/(\d+)$/.exec(req.path)?.[1];
    if (res.status !== 401 || id === undefined || !origin.state().orders.some((o) => o.id === Number(id))) return res;
    const body = { ...(JSON.parse(res.body ?? '{}') as object), detail: `Sign in to see order ${id}.` };
    return plainResponse(401, res.headers, JSON.stringify(body));
  },
  'read-deletes': async (req, handle) => {
    const res = await handle(req);
    if (req.method === 'GET' && /^\/notes\/[^/?]+$/.test(req.path) && res.status === 200) await handle({ ...req, method: 'DELETE' });
    return res;
  },
  'put-as-post': async (req, handle, origin) => {
    const id = /^\/notes\/(\d+)$/.exec(req.path)?.[1];
    if (req.method !== 'PUT' || id === undefined || origin.state().notes.some((n) => String(n.id) === id)) return handle(req);
    return handle({ ...req, method: 'POST', path: '/notes' });
  },
  'ignores-keys': (req, handle) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'idempotency-key'));
    return handle({ ...req, headers });
  },
  'normalizing-front': (req, handle) => handle(withKeyFieldsIn(req)),
  'no-graph-limits': (req, handle) => handle(req),
  'caches-private': (req, handle) => handle(req),
  'cache-key-without-query': (req, handle) => handle(req),
};

/** The front cache of `caches-private` and `cache-key-without-query`: one per app, so runs share nothing. */
function frontCache(keyOf: (path: string) => string, keepsPrivate: boolean): Front {
  const stored = new Map<string, HttpResponse>();
  const storable = (res: HttpResponse): boolean => {
    if (res.status !== 200) return false;
    const control = res.headers['cache-control'] ?? '';
    return keepsPrivate || (/max-age|public/.test(control) && !/private|no-store|no-cache/.test(control));
  };
  return async (req, handle) => {
    if (req.method !== 'GET') {
      stored.delete(keyOf(req.path));
      return handle(req);
    }
    const hit = stored.get(keyOf(req.path));
    if (hit !== undefined) return { ...hit, headers: { ...hit.headers, age: '1' } };
    const res = await handle(req);
    if (storable(res)) stored.set(keyOf(req.path), res);
    return res;
  };
}

/**
 * `GET /notes` lists the notes, where apisim's own origin answers 405: the principles see what a guest app
 * holds only by reading it (they add apisim's stores to what they read only when the app is apisim's own),
 * so a note a flaw adds under an id nobody asked for must be listed to be seen.
 */
async function listingNotes(req: HttpRequest, origin: Origin, next: (req: HttpRequest) => Promise<HttpResponse>): Promise<HttpResponse> {
  const res = await next(req);
  // The origin's gate 1 comes before its 405, so only a caller it knows gets this far.
  if (req.method !== 'GET' || req.path !== '/notes' || res.status !== 405) return res;
  return plainResponse(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }, JSON.stringify(origin.state().notes));
}

async function plain(request: Request): Promise<HttpRequest> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  return plainRequest(request.method, `${url.pathname}${url.search}`, headers, text === '' ? undefined : text);
}

function answer(res: HttpResponse): Response {
  const empty = res.body === undefined || res.status === 204 || res.status === 304;
  return new Response(empty ? null : res.body, { status: res.status, headers: res.headers });
}

/** The graph request with the normalizing cache's key fields added below the root, by POST body or GET query. */
function withKeyFieldsIn(req: HttpRequest): HttpRequest {
  if (!req.path.startsWith('/graphql')) return req;
  if (req.method === 'POST' && req.body !== undefined) {
    const body = JSON.parse(req.body) as { query?: string };
    return typeof body.query === 'string' ? plainRequest(req.method, req.path, req.headers, JSON.stringify({ ...body, query: withKeyFields(body.query) })) : req;
  }
  const url = new URL(req.path, 'http://origin');
  const query = url.searchParams.get('query');
  if (query === null) return req;
  url.searchParams.set('query', withKeyFields(query));
  return { ...req, path: `${url.pathname}${url.search}` };
}

export function withKeyFields(query: string): string {
  const types = new TypeInfo(graphSchema);
  const field = (name: string): FieldNode => ({ kind: Kind.FIELD, name: { kind: Kind.NAME, value: name } });
  return print(visit(parse(query), visitWithTypeInfo(types, {
    SelectionSet(node) {
      const type = types.getParentType();
      if (!isObjectType(type) || type === graphSchema.getQueryType()) return undefined;
      const keys = ['id', '__typename'].filter((name) => name === '__typename' || name in type.getFields());
      return { ...node, selections: [...node.selections, ...keys.map(field)] };
    },
  })));
}

export default () => flawedOrigin('none');
export const lookupBeforeGateOne = () => flawedOrigin('lookup-before-gate-one');
export const existenceIn401 = () => flawedOrigin('existence-in-401');
export const readDeletes = () => flawedOrigin('read-deletes');
export const putAsPost = () => flawedOrigin('put-as-post');
export const ignoresKeys = () => flawedOrigin('ignores-keys');
export const normalizingFront = () => flawedOrigin('normalizing-front');
export const noGraphLimits = () => flawedOrigin('no-graph-limits');
export const cachesPrivate = () => flawedOrigin('caches-private');
export const cacheKeyWithoutQuery = () => flawedOrigin('cache-key-without-query');

/** What the origin holds, and how many resolvers ran: a deep query that runs moves the count. */
export const state = (app: FlawedOrigin): unknown => ({ ...app.origin.state(), resolverCalls: app.origin.graphStats().resolverCalls });

const exportOf: Readonly<Record<OwnFlaw | 'none', string>> = {
  none: 'default',
  'lookup-before-gate-one': 'lookupBeforeGateOne',
  'existence-in-401': 'existenceIn401',
  'read-deletes': 'readDeletes',
  'put-as-post': 'putAsPost',
  'ignores-keys': 'ignoresKeys',
  'normalizing-front': 'normalizingFront',
  'no-graph-limits': 'noGraphLimits',
  'caches-private': 'cachesPrivate',
  'cache-key-without-query': 'cacheKeyWithoutQuery',
};

/** apisim's own origin with the flaw, described as `ownOriginTarget` describes it: only the app differs. */
export function flawedOriginTarget(flaw: OwnFlaw | 'none'): TargetInput {
  const own = ownOriginTarget();
  return {
    ...own,
    name: `apisim-${flaw}`,
    app: { module: './own-origin-flaws.ts', export: exportOf[flaw], kind: 'factory' },
    users: { user: { headers: { cookie: sessionCookies.user }, id: '1' }, otherUser: { headers: { cookie: sessionCookies.otherUser }, id: '2' } },
  };
}
