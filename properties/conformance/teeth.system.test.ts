import { afterEach, describe, expect, test } from 'vitest';
import type { RunningServer } from '../../server/listening-server.js';
import { startOriginServer } from '../../server/origin-server.js';
import { defaultGraphSettings } from '../../src/graph/endpoint.js';
import { graphLimitsWith } from '../../src/graph/limits/settings.js';
import type { JsonCheck } from './json-report.js';
import { type Behaviour, identified, jsonAnswer, type PlainRequest, type PlainResponse, startStandIn } from './test-kit/stand-in.js';
import { checkNamed, conformanceReport } from './suite-under-test.js';

/**
 * Tests have teeth: for every check, a stand-in that breaks exactly the principle it checks, in front of our
 * origin (or our origin with one setting off), and the check fails there with the finding that names it.
 * The same checks pass against the unbroken server in `suite.system.test.ts`.
 */

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function origin(settings: Parameters<typeof startOriginServer>[0] = {}): Promise<string> {
  const server = await startOriginServer(settings);
  running.push(server);
  return server.url;
}

async function standIn(upstreamUrl: string, behaviour: Behaviour): Promise<string> {
  const server = await startStandIn(upstreamUrl, behaviour);
  running.push(server);
  return server.url;
}

/** Runs one check against `baseUrl` and expects it to fail. */
async function failing(name: string, baseUrl: string, ...args: string[]): Promise<JsonCheck> {
  const { code, report } = await conformanceReport(baseUrl, '--only', name, ...args);
  const check = checkNamed(report, name);
  expect([check.outcome, code], check.reason).toEqual(['fail', 1]);
  return check;
}

const whats = (check: JsonCheck): string => check.findings.map((f) => f.what).join('\n');
const notePathOf = (req: PlainRequest): string | undefined => /^\/notes\/\d+$/.exec(req.path)?.[0];
const withoutBody = (req: PlainRequest, method: string): PlainRequest => ({ ...req, method, body: undefined, headers: Object.fromEntries(Object.entries(req.headers).filter(([n]) => n !== 'content-type')) });
const contentOf = (res: PlainResponse): string => (JSON.parse(res.body) as { content: string }).content;
const noLimits = (limits: Parameters<typeof graphLimitsWith>[0]) => ({ settings: { graph: { ...defaultGraphSettings, limits: graphLimitsWith(limits), costBudget: { maximumAvailable: Infinity, restoreRate: 50 } } } });

/** Executes every graph document upstream, then answers a refusal with `code` when `refuse` says so: a limit checked after execution. */
const refusesAfterExecuting = (refuse: (query: string) => boolean, code: string): Behaviour => async (req, forward) => {
  const res = await forward(req);
  const query = req.method === 'POST' && req.path === '/graphql' ? (JSON.parse(req.body ?? '{}') as { query?: string }).query : undefined;
  if (query === undefined || !refuse(query)) return res;
  return jsonAnswer(400, { errors: [{ message: 'Refused.', extensions: { code } }] });
};

/** Most `{` open at once: the depth of a document without fragments. */
function braceDepth(query: string): number {
  let depth = 0;
  let most = 0;
  for (const c of query) {
    if (c === '{') most = Math.max(most, ++depth);
    if (c === '}') depth--;
  }
  return most;
}

describe('each check fails against a stand-in that breaks its principle', () => {
  test('auth/401-before-403: a DELETE /users/<id> that looks the user up before gate 1', async () => {
    const lookupFirst: Behaviour = async (req, forward) =>
      req.method === 'DELETE' && /^\/users\/\d+$/.test(req.path) && !identified(req) ? jsonAnswer(404, { type: '/problems/not-found', title: 'Not Found', status: 404 }, 'application/problem+json') : forward(req);
    const check = await failing('auth/401-before-403', await standIn(await origin(), lookupFirst));
    expect(whats(check)).toBe('DELETE /users/<user_id> with no credential answered 404');
    expect(check.findings[0]!.curl).toMatch(/^curl -sS -i -X DELETE http:\/\/\S+\/users\/999999999$/);
  });

  test('auth/401-before-403: a 401 that tells whether the order exists', async () => {
    const telling: Behaviour = async (req, forward) => {
      const res = await forward(req);
      return res.status === 401 && req.path === '/orders/999999999' ? { ...res, body: res.body.replace('"detail":"', '"detail":"No such order. ') } : res;
    };
    const check = await failing('auth/401-before-403', await standIn(await origin(), telling));
    expect(whats(check)).toMatch(/^the 401 for order 121 differs from the one for an order that does not exist$/);
  });

  test('orders/owner-isolation: our origin in login-only mode', async () => {
    const check = await failing('orders/owner-isolation', await origin({ settings: { orders: 'login-only' } }));
    expect(whats(check)).toContain('--other-user (bob, user 2) read order 121 of user 1');
    expect(whats(check)).toContain('--other-user (bob, user 2) may change order 121: PATCH /orders/121 answered 200');
  });

  test('orders/owner-isolation: a front that lets anyone merge-patch any user record', async () => {
    // The front sends every patch of user 1 with user 1's own session: whoever asked, the owner check passes.
    const upstream = await origin();
    const login = await fetch(`${upstream}/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"alice","password":"alice-pw"}' });
    const aliceCookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const anyoneMayPatch: Behaviour = async (req, forward) => (req.method === 'PATCH' && req.path === '/users/1' ? forward({ ...req, headers: { ...req.headers, cookie: aliceCookie } }) : forward(req));
    const check = await failing('orders/owner-isolation', await standIn(upstream, anyoneMayPatch));
    expect(whats(check)).toBe('--other-user (bob, user 2) may change user 1: PATCH /users/1 answered 200');
  });

  test('notes/use-after-delete-404: a soft delete that still serves the note', async () => {
    const tombstones = new Map<string, PlainResponse>();
    const softDelete: Behaviour = async (req, forward) => {
      const path = notePathOf(req);
      if (path !== undefined && req.method === 'GET' && tombstones.has(path)) return tombstones.get(path)!;
      if (path === undefined || req.method !== 'DELETE') return forward(req);
      const before = await forward(withoutBody(req, 'GET'));
      const res = await forward(req);
      if (res.status === 204 && before.status === 200) tombstones.set(path, before);
      return res;
    };
    const check = await failing('notes/use-after-delete-404', await standIn(await origin(), softDelete));
    expect(whats(check)).toBe('GET after DELETE answered 200');
  });

  test('notes/put-idempotent: a PUT that appends to what an earlier PUT wrote', async () => {
    const written = new Set<string>();
    const appending: Behaviour = async (req, forward) => {
      const path = notePathOf(req);
      if (path === undefined || req.method !== 'PUT') return forward(req);
      if (!written.has(path)) {
        written.add(path);
        return forward(req);
      }
      const current = contentOf(await forward(withoutBody(req, 'GET')));
      return forward({ ...req, body: JSON.stringify({ content: current + contentOf({ status: 200, headers: {}, setCookies: [], body: req.body ?? '{}' }) }) });
    };
    const check = await failing('notes/put-idempotent', await standIn(await origin(), appending));
    expect(whats(check)).toBe(['after the second PUT on an existing note the note does not hold what was PUT', 'after the second PUT on an absent note the note does not hold what was PUT'].join('\n'));
  });

  test('notes/put-idempotent: a PUT that only replaces, answering 404 for a note that does not exist (spec §3: it creates it)', async () => {
    const replaceOnly: Behaviour = async (req, forward) => {
      const path = notePathOf(req);
      if (path === undefined || req.method !== 'PUT' || (await forward(withoutBody(req, 'GET'))).status !== 404) return forward(req);
      return jsonAnswer(404, { type: '/problems/not-found', title: 'Not Found', status: 404 }, 'application/problem+json');
    };
    const check = await failing('notes/put-idempotent', await standIn(await origin(), replaceOnly));
    expect(whats(check)).toBe('the first PUT on an absent note did not succeed');
    expect(check.findings[0]!.curl).toMatch(/^curl -sS -i -X PUT http:\/\/\S+\/notes\/[1-9]\d{8} /);
  });

  test('notes/delete-idempotent: a DELETE that undoes itself when repeated', async () => {
    const deleted = new Map<string, string>();
    const toggling: Behaviour = async (req, forward) => {
      const path = notePathOf(req);
      if (path === undefined || req.method !== 'DELETE') return forward(req);
      const before = await forward(withoutBody(req, 'GET'));
      const res = await forward(req);
      if (res.status === 204 && before.status === 200) deleted.set(path, contentOf(before));
      if (res.status !== 404 || !deleted.has(path)) return res;
      await forward({ ...req, method: 'PUT', headers: { ...req.headers, 'content-type': 'application/json' }, body: JSON.stringify({ content: deleted.get(path) }) });
      deleted.delete(path);
      return { status: 204, headers: {}, setCookies: [], body: '' };
    };
    const check = await failing('notes/delete-idempotent', await standIn(await origin(), toggling));
    expect(whats(check)).toBe('after two DELETEs the note answers 200');
  });

  test('notes/post-idempotency-key-once: a front that drops the Idempotency-Key', async () => {
    const dropping: Behaviour = (req, forward) => forward({ ...req, headers: Object.fromEntries(Object.entries(req.headers).filter(([n]) => n !== 'idempotency-key')) });
    const check = await failing('notes/post-idempotency-key-once', await standIn(await origin(), dropping));
    expect(whats(check)).toMatch(/^the repeat created a second note \(\d+ besides \d+\)$/);
  });

  test('cache/unsafe-invalidates: a cache that never discards what it stored', async () => {
    const upstream = await origin();
    const stored = new Map<string, PlainResponse>();
    const neverInvalidates: Behaviour = async (req, forward) => {
      const key = `${req.path} ${req.headers.cookie ?? ''} ${req.headers.authorization ?? ''}`;
      if (req.method !== 'GET') return forward(req);
      const hit = stored.get(key);
      if (hit !== undefined) return hit;
      const res = await forward(req);
      if (res.status === 200) stored.set(key, res);
      return res;
    };
    const check = await failing('cache/unsafe-invalidates', upstream, '--cache-url', await standIn(upstream, neverInvalidates));
    expect(whats(check)).toBe('after a PUT through the cache, GET through it answered an old copy\nafter a DELETE through the cache, GET through it still answered the note');
  });

  test('graph/field-exact: a normalizing front that adds __typename to every object', async () => {
    const addTypename = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(addTypename);
      else if (typeof value === 'object' && value !== null) {
        Object.values(value).forEach(addTypename);
        (value as Record<string, unknown>).__typename ??= 'Node';
      }
    };
    const normalizing: Behaviour = async (req, forward) => {
      const res = await forward(req);
      if (req.path !== '/graphql' || res.status !== 200) return res;
      const body = JSON.parse(res.body) as { data?: unknown };
      addTypename(body.data);
      return { ...res, body: JSON.stringify(body) };
    };
    const check = await failing('graph/field-exact', await standIn(await origin(), normalizing));
    expect(whats(check)).toBe("the spec's nested sample: data has keys [user, __typename] but the query asks for [user]: __typename is extra\naliases and __typename: data has keys [someone, __typename] but the query asks for [someone]: __typename is extra");
  });

  test('graph/persisted-get-equals-post: a cache in front that keys GETs without the query string', async () => {
    const stored = new Map<string, PlainResponse>();
    const pathKeyed: Behaviour = async (req, forward) => {
      if (req.method !== 'GET') return forward(req);
      const key = `${req.path.split('?')[0]!} ${req.headers.cookie ?? ''}`;
      const hit = stored.get(key);
      if (hit !== undefined) return hit;
      const res = await forward(req);
      if (res.status === 200) stored.set(key, res);
      return res;
    };
    const check = await failing('graph/persisted-get-equals-post', await standIn(await origin(), pathKeyed));
    expect(whats(check)).toBe('the persisted GET did not run the registered query');
  });

  test('graph/depth-limit-before-execution: our origin with the depth limit off', async () => {
    const check = await failing('graph/depth-limit-before-execution', await origin(noLimits({ maxDepth: Infinity })));
    expect(whats(check)).toBe('a query 64 levels deep got a `data` member: it was executed');
  });

  test('graph/depth-limit-before-execution: a front that refuses deep documents only after they ran', async () => {
    const check = await failing('graph/depth-limit-before-execution', await standIn(await origin(noLimits({ maxDepth: Infinity })), refusesAfterExecuting((q) => braceDepth(q) > 7, 'QUERY_TOO_DEEP')));
    expect(whats(check)).toBe('the mutation over the depth limit took effect: its post exists');
  });

  test('graph/cost-limit-before-execution: our origin with the cost limit off', async () => {
    const check = await failing('graph/cost-limit-before-execution', await origin(noLimits({ maxCost: Infinity })));
    expect(whats(check)).toBe('no refusal up to the ceiling, a query estimated at 311 objects on apisim\'s meter (6 levels deep, posts(limit: 10), 800 fields at the bottom), 832 tokens: it got a `data` member, it was executed');
  });

  test('graph/cost-limit-before-execution: a front that refuses costly documents only after they ran', async () => {
    const check = await failing('graph/cost-limit-before-execution', await standIn(await origin(noLimits({ maxCost: Infinity })), refusesAfterExecuting((q) => (q.match(/comments/g) ?? []).length >= 4, 'QUERY_TOO_COSTLY')));
    expect(whats(check)).toBe('the mutation over the cost limit took effect: its post exists');
  });
});
