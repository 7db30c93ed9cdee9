import { describe, expect, it } from 'vitest';
import { Authenticator } from '../auth/authenticate.js';
import { Login } from '../auth/login.js';
import { scopesOfRoles } from '../policy/roles.js';
import { TokenIssuer } from '../auth/tokens.js';
import { type HttpRequest, jsonResponse, request } from '../http/message.js';
import { createOriginStorage } from '../origin-storage.js';
import { defaultOriginSettings } from '../origin.js';
import { testEnvironment } from '../testing-kit.js';
import { Policy } from '../policy/policy.js';
import { TokenBuckets } from '../rate-limit/token-bucket.js';
import { callerOf, RequestContext } from './request-context.js';
import { requestPipeline } from './request-pipeline.js';
import type { Next } from './stage.js';
import { pipeline } from './stage.js';

/** The stages of every request in front of a stand-in route that counts its calls and says whom it served. */
function standIn(burst = 30) {
  const env = testEnvironment();
  const storage = createOriginStorage(env.now, env.newId, defaultOriginSettings);
  const stores = { accounts: storage.accounts, sessions: storage.sessions, tokens: new TokenIssuer(env.signingKey, env.newId), scopesOf: scopesOfRoles };
  const login = new Login(stores);
  const served: string[] = [];
  const route: Next = (req, ctx) => {
    served.push(`${req.method} ${ctx.pathname} for ${callerOf(ctx).subject.username}`);
    return jsonResponse(req.method === 'POST' ? 201 : 200, { n: served.length });
  };
  const handle = requestPipeline(
    {
      now: env.now, login, authenticator: new Authenticator(stores), policy: new Policy({ orders: 'owner-check' }),
      buckets: new TokenBuckets({ burst, refillPerSecond: 1 }), audit: storage.audit, idempotency: storage.idempotency, requiresKey: () => false,
    },
    route,
  );
  const alice = { cookie: `sid=${login.openSession(storage.accounts.byId(1)!, 0)}` };
  return { handle, served, audit: storage.audit, alice };
}

const at = (method: string, path: string, headers: Record<string, string> = {}, body?: string): HttpRequest => request(method, path, headers, body);

describe('the request pipeline, with a stand-in in the route\'s place', () => {
  it('answers 401 before the route runs, and audits it with nobody as the subject', () => {
    const t = standIn();
    const res = t.handle(at('GET', '/anything/7'));
    expect(res).not.toBeInstanceOf(Promise);
    expect((res as { status: number }).status).toBe(401);
    expect(t.served).toEqual([]);
    expect(t.audit.records).toMatchObject([{ userId: null, operation: 'GET', object: '/anything/7', decision: 'deny', reason: 'no credential', status: 401 }]);
  });

  it('hands the route an identified caller, marks its answer private, and audits it', () => {
    const t = standIn();
    const res = t.handle(at('GET', '/anything?x=1', t.alice));
    expect(res).toMatchObject({ status: 200, headers: { 'cache-control': 'private' } });
    expect(t.served).toEqual(['GET /anything for alice']);
    expect(t.audit.records).toMatchObject([{ username: 'alice', operation: 'GET', object: '/anything', decision: 'allow', reason: 'no resource decision (200)' }]);
  });

  it('answers 429 past the burst without running the route', () => {
    const t = standIn(2);
    const statuses = [1, 2, 3].map(() => (t.handle(at('GET', '/x', t.alice)) as { status: number }).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(t.served).toHaveLength(2);
    expect(t.audit.records.at(-1)).toMatchObject({ username: 'alice', decision: 'deny', reason: 'rate limited', status: 429 });
  });

  it('runs a keyed POST once and replays the re-send, which the audit names as such', () => {
    const t = standIn();
    const keyed = { ...t.alice, 'idempotency-key': '"0f7b6a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b"', 'content-type': 'application/json' };
    const first = t.handle(at('POST', '/things', keyed, '{}'));
    const again = t.handle(at('POST', '/things', keyed, '{}'));
    expect([first, again]).toMatchObject([{ status: 201 }, { status: 201, headers: { 'idempotent-replayed': 'true' } }]);
    expect(t.served).toEqual(['POST /things for alice']);
    expect(t.audit.records.at(-1)).toMatchObject({ decision: 'allow', reason: 'replayed for its Idempotency-Key' });
  });

  it('lets the route see HEAD as GET and sends its answer without content', () => {
    const t = standIn();
    const res = t.handle(at('HEAD', '/x', t.alice));
    expect(res).toMatchObject({ status: 200, body: undefined, bodyBytes: 0 });
    expect(t.served).toEqual(['GET /x for alice']);
  });

  it('refuses to serve when a stage that needs gate 1 stands before it: a wiring bug fails loudly', () => {
    const route: Next = (req, ctx) => jsonResponse(200, { who: callerOf(ctx).subject.username });
    const serve = pipeline([], route);
    expect(() => serve(at('GET', '/x'), new RequestContext('/x'))).toThrow('/x reached a stage that needs gate 1 before gate 1 ran');
  });
});
