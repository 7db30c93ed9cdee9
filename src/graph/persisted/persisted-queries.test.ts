import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type HttpRequest, type HttpResponse, request } from '../../http/message.js';
import { type GraphRequestParams, readGraphRequest } from '../http/request-params.js';
import { persistedGetPath } from './persisted-get-path.js';
import { defaultMaxRegistered, PersistedQueries, type PersistedMode, type Resolution } from './persisted-queries.js';
import { sha256Hex } from './sha256-hex.js';

const query = 'query Me { me { id name } }';
const hash = sha256Hex(query);
const persisted = (h: string) => ({ persistedQuery: { version: 1, sha256Hash: h } });

const byHash = (h: string = hash) => request('GET', `/graphql?extensions=${encodeURIComponent(JSON.stringify(persisted(h)))}`);
const withQuery = (q: string, h: string = sha256Hex(q)) =>
  request('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query: q, extensions: persisted(h) }));
const freeform = (q: string) => request('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query: q }));

function paramsOf(req: HttpRequest): GraphRequestParams {
  const read = readGraphRequest(req);
  if (!read.ok) throw new Error(`refused: ${read.response.body ?? ''}`);
  return read.params;
}

const resolve = (store: PersistedQueries, req: HttpRequest, mode: PersistedMode = 'open') => store.resolve(paramsOf(req), mode);

function refused(resolution: Resolution): { response: HttpResponse; code: unknown; message: unknown } {
  if (resolution.ok) throw new Error(`resolved to ${resolution.query}`);
  const body = JSON.parse(resolution.response.body!) as { errors: { message: string; extensions: { code: string } }[]; data?: unknown };
  expect(body.errors).toHaveLength(1);
  expect(body).not.toHaveProperty('data');
  return { response: resolution.response, code: body.errors[0]!.extensions.code, message: body.errors[0]!.message };
}

const uncacheable = 'private, no-cache, must-revalidate';

describe('automatic persisted queries (open mode)', () => {
  it('runs the APQ round trip: miss, register with the query, then hit by hash alone', () => {
    const store = new PersistedQueries();

    const miss = refused(resolve(store, byHash()));
    expect(miss).toMatchObject({ code: 'PERSISTED_QUERY_NOT_FOUND', message: 'PersistedQueryNotFound' });
    expect(miss.response.status).toBe(200); // as Apollo Server: a well-formed request
    expect(miss.response.headers['cache-control']).toBe(uncacheable); // or a cache would replay the miss

    expect(resolve(store, withQuery(query))).toEqual({ ok: true, query, source: 'registered' });
    expect(store.lookup(hash)).toBe(query);

    expect(resolve(store, byHash())).toEqual({ ok: true, query, source: 'persisted' });
    expect(resolve(store, request('GET', persistedGetPath(query, 'Me')))).toEqual({ ok: true, query, source: 'persisted' });
  });

  it('refuses a hash that is not the query\'s, and stores nothing', () => {
    const store = new PersistedQueries();
    const other = sha256Hex('{ other }');
    const wrong = refused(resolve(store, withQuery(query, other)));
    expect(wrong).toMatchObject({ code: 'BAD_REQUEST', message: 'provided sha does not match query' });
    expect(wrong.response.status).toBe(400);
    expect(store.lookup(other)).toBeUndefined();
    expect(store.registeredCount).toBe(0);
    expect(store.register(other, query)).toEqual({ ok: false, error: { message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST' } } });
  });

  it('cannot let a later registration replace a hash\'s query', () => {
    const store = new PersistedQueries();
    store.register(hash, query);
    expect(store.register(hash, '{ evil }').ok).toBe(false);
    expect(store.lookup(hash)).toBe(query);
  });

  it('runs a query sent without a hash as it is', () => {
    expect(resolve(new PersistedQueries(), freeform(query))).toEqual({ ok: true, query, source: 'freeform' });
  });

  it('serves preloaded queries by hash', () => {
    const store = new PersistedQueries();
    expect(store.preload(query)).toBe(hash);
    expect(resolve(store, byHash())).toEqual({ ok: true, query, source: 'persisted' });
    expect(store.registeredCount).toBe(0);
  });

  it('answers params with neither query nor hash as a bad request', () => {
    const { response, code } = refused(new PersistedQueries().resolve({ query: undefined, variables: undefined, operationName: undefined, persistedHash: undefined }, 'open'));
    expect([response.status, code]).toEqual([400, 'BAD_REQUEST']);
  });
});

describe('registered-only mode', () => {
  function deployment() {
    const store = new PersistedQueries();
    store.preload(query);
    return store;
  }

  it('serves a preloaded query by hash', () => {
    expect(resolve(deployment(), byHash(), 'registered-only')).toEqual({ ok: true, query, source: 'persisted' });
    expect(resolve(deployment(), request('GET', persistedGetPath(query, 'Me', {})), 'registered-only')).toMatchObject({ ok: true, query });
  });

  it('refuses a query sent as text, even a preloaded one', () => {
    for (const text of ['{ users { id } }', query]) {
      const r = refused(resolve(deployment(), freeform(text), 'registered-only'));
      expect([r.response.status, r.code]).toEqual([400, 'PERSISTED_QUERY_ID_REQUIRED']);
      expect(r.message).toBe('This endpoint does not allow freeform GraphQL requests; operations must be sent by ID in the persisted queries GraphQL extension.');
    }
  });

  it('refuses registration: a hash with a query is refused, and nothing is stored', () => {
    const store = deployment();
    const other = '{ users { id } }';
    const r = refused(resolve(store, withQuery(other), 'registered-only'));
    expect([r.response.status, r.code]).toEqual([400, 'CANNOT_SEND_PQ_ID_AND_BODY']);
    expect(r.response.headers['cache-control']).toBe(uncacheable);
    expect(store.lookup(sha256Hex(other))).toBeUndefined();
    expect(refused(resolve(store, withQuery(query), 'registered-only')).code).toBe('CANNOT_SEND_PQ_ID_AND_BODY');
  });

  it('answers an unknown hash 404 with a code that tells clients not to send the query', () => {
    const unknown = sha256Hex('{ users { id } }');
    const r = refused(resolve(deployment(), byHash(unknown), 'registered-only'));
    expect([r.response.status, r.code]).toEqual([404, 'PERSISTED_QUERY_NOT_IN_LIST']);
    expect(r.message).toBe(`Persisted query '${unknown}' not found in the persisted query list`);
    expect(r.response.headers['cache-control']).toBe(uncacheable);
  });

  it('does not serve what clients registered while the store was open', () => {
    const store = deployment();
    const other = '{ users { id } }';
    expect(resolve(store, withQuery(other))).toMatchObject({ ok: true, source: 'registered' });
    expect(refused(resolve(store, byHash(sha256Hex(other)), 'registered-only')).code).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    expect(resolve(store, byHash(sha256Hex(other)))).toMatchObject({ ok: true, query: other });
  });
});

describe('the bound on client registrations', () => {
  const q = (i: number) => `{ q${i} }`;

  it('defaults to 1000 and refuses a bound that is not a non-negative integer', () => {
    expect(new PersistedQueries().maxRegistered).toBe(defaultMaxRegistered);
    expect(defaultMaxRegistered).toBe(1000);
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => new PersistedQueries({ maxRegistered: bad })).toThrow(RangeError);
  });

  it('forgets the least recently used registration, where a lookup counts as a use', () => {
    const store = new PersistedQueries({ maxRegistered: 3 });
    for (const i of [1, 2, 3]) store.register(sha256Hex(q(i)), q(i));
    expect(store.lookup(sha256Hex(q(1)))).toBe(q(1)); // 1 is now the most recent; 2 the least
    store.register(sha256Hex(q(4)), q(4));
    expect(store.registeredCount).toBe(3);
    expect(store.lookup(sha256Hex(q(2)))).toBeUndefined();
    for (const i of [1, 3, 4]) expect(store.lookup(sha256Hex(q(i))), `q${i}`).toBe(q(i));
  });

  it('never evicts or counts preloaded queries, and a forgotten registration recovers by the APQ round trip', () => {
    const store = new PersistedQueries({ maxRegistered: 2 });
    const own = store.preload(q(0));
    for (let i = 1; i <= 10; i++) store.register(sha256Hex(q(i)), q(i));
    expect(store.registeredCount).toBe(2);
    expect(store.lookup(own)).toBe(q(0));
    expect(refused(resolve(store, byHash(sha256Hex(q(1))))).code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(resolve(store, withQuery(q(1)))).toMatchObject({ ok: true, source: 'registered' });
    expect(resolve(store, byHash(sha256Hex(q(1))))).toMatchObject({ ok: true, query: q(1) });
  });

  it('with a bound of 0 still runs hash-and-query requests, storing nothing', () => {
    const store = new PersistedQueries({ maxRegistered: 0 });
    expect(resolve(store, withQuery(query))).toEqual({ ok: true, query, source: 'registered' });
    expect(store.registeredCount).toBe(0);
    expect(refused(resolve(store, byHash())).code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  const operation = fc.oneof(
    fc.record({ kind: fc.constant('register' as const), n: fc.nat(7) }),
    fc.record({ kind: fc.constant('lookup' as const), n: fc.nat(7) }),
  );

  test.prop([fc.integer({ min: 0, max: 5 }), fc.array(operation, { minLength: 10, maxLength: 80 })])(
    'behaves as an LRU cache of the given size', (max, operations) => {
      const store = new PersistedQueries({ maxRegistered: max });
      let model: number[] = []; // most recent last
      for (const { kind, n } of operations) {
        const h = sha256Hex(q(n));
        if (kind === 'register') {
          expect(store.register(h, q(n)).ok).toBe(true);
          model = [...model.filter((m) => m !== n), n];
          if (model.length > max) model = model.slice(model.length - max);
        } else {
          expect(store.lookup(h)).toBe(model.includes(n) ? q(n) : undefined);
          if (model.includes(n)) model = [...model.filter((m) => m !== n), n];
        }
        expect(store.registeredCount).toBe(model.length);
        expect(store.registeredCount).toBeLessThanOrEqual(max);
      }
    });
});

describe('properties', () => {
  const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 200 });

  test.prop([text])('a registered query resolves by its hash to the same text, over GET as over POST', (q) => {
    const store = new PersistedQueries();
    expect(store.register(sha256Hex(q), q)).toEqual({ ok: true });
    expect(resolve(store, request('GET', persistedGetPath(q)))).toEqual({ ok: true, query: q, source: 'persisted' });
    expect(store.resolve({ query: undefined, variables: undefined, operationName: undefined, persistedHash: sha256Hex(q) }, 'open'))
      .toEqual({ ok: true, query: q, source: 'persisted' });
  });

  test.prop([text])('a preloaded query resolves in registered-only mode through its GET path', (q) => {
    const store = new PersistedQueries();
    store.preload(q);
    expect(resolve(store, request('GET', persistedGetPath(q)), 'registered-only')).toEqual({ ok: true, query: q, source: 'persisted' });
  });

  test.prop([text, text])('a query never registers under another query\'s hash', (q, other) => {
    fc.pre(q !== other);
    const store = new PersistedQueries();
    expect(store.register(sha256Hex(other), q).ok).toBe(false);
    expect(store.lookup(sha256Hex(other))).toBeUndefined();
  });
});
