import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../demo-data.js';
import { request } from '../http/message.js';
import { Guard } from '../policy/guard.js';
import { Policy } from '../policy/policy.js';
import { scopesOfRoles } from '../policy/roles.js';
import { PostsStore } from '../posts/store.js';
import { defaultOriginSettings } from '../origin.js';
import { bodyOf, TestOrigin } from '../testing-kit.js';
import { UsersStore } from '../users/store.js';
import type { CostReport } from './cost-budget.js';
import { GraphEndpoint } from './endpoint.js';
import { persistedGetPath } from './persisted/persisted-get-path.js';

/** The spec's nested sample: a user with their latest posts, each post's comments and every author's name. */
export const nestedSample = `query Sample($id: ID!, $limit: Int) {
  user(id: $id) { name posts(limit: $limit) { title author { name } comments { body author { name } } } }
}`;

const post = (t: TestOrigin, headers: Record<string, string>, query: string, variables?: Record<string, unknown>) =>
  t.send('POST', '/graphql', headers, { query, ...(variables === undefined ? {} : { variables }) });

describe('POST /graphql', () => {
  it('answers the nested sample with exactly the requested shape', async () => {
    const t = new TestOrigin();
    const res = await post(t, t.session('alice'), nestedSample, { id: '1', limit: 2 });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
    const { data, errors } = bodyOf(res) as { data: { user: { name: string; posts: Record<string, unknown>[] } }; errors?: unknown };
    expect(errors).toBeUndefined();
    expect(Object.keys(data.user)).toEqual(['name', 'posts']);
    expect(data.user.posts).toHaveLength(2);
    for (const p of data.user.posts) {
      expect(Object.keys(p)).toEqual(['title', 'author', 'comments']);
      expect(Object.keys(p.author as object)).toEqual(['name']);
    }
  });

  it('accepts the user id quoted and bare, as the spec shows both', async () => {
    const t = new TestOrigin();
    const quoted = bodyOf(await post(t, t.session('bob'), '{ user(id: "2") { name } }'));
    const bare = bodyOf(await post(t, t.session('bob'), '{ user(id: 2) { name } }'));
    expect(quoted.data).toEqual({ user: { name: 'Bob' } });
    expect(bare.data).toEqual(quoted.data);
  });

  it.each([
    ['an unknown field', '{ user(id: 1) { name password } }'],
    ['a wrong argument type', '{ user(id: 1) { posts(limit: "many") { title } } }'],
    ['a syntax error', '{ user(id: 1) { name '],
  ])('rejects %s before execution: 400, errors, no data', async (_name, query) => {
    const t = new TestOrigin();
    const res = await post(t, t.session('alice'), query);
    const body = bodyOf(res);
    expect([res.status, 'data' in body, Array.isArray(body.errors)]).toEqual([400, false, true]);
    expect(t.origin.graphStats().resolverCalls).toBe(0);
  });

  it('counts every resolver call, the default resolvers too', async () => {
    const t = new TestOrigin();
    await post(t, t.session('alice'), '{ user(id: 1) { id name } }');
    // user, then id and name on it.
    expect(t.origin.graphStats()).toMatchObject({ resolverCalls: 3, objectsResolved: 1 });
  });

  it('reports a field the caller may not see as null with an error at its path, and status 200 (spec 7.2)', async () => {
    const t = new TestOrigin();
    const onlyNotes = await t.token('alice', { scopes: ['read:notes'] });
    const res = await post(t, onlyNotes, '{ user(id: 1) { name } }');
    const body = bodyOf(res) as { data: unknown; errors: { path: string[]; extensions: { code: string } }[] };
    expect(res.status).toBe(200);
    expect(body.data).toEqual({ user: null });
    expect(body.errors[0]).toMatchObject({ path: ['user'], extensions: { code: 'FORBIDDEN' } });
  });

  it('never returns more posts than the limit, and refuses an out-of-range limit at its path', async () => {
    const t = new TestOrigin();
    const ok = bodyOf(await post(t, t.session('alice'), '{ user(id: 1) { posts(limit: 1) { title } } }')) as { data: { user: { posts: unknown[] } } };
    expect(ok.data.user.posts).toHaveLength(1);
    // 51 is cheap enough to pass the cost limit, so it reaches the field, which refuses it at its path.
    const tooMany = bodyOf(await post(t, t.session('alice'), '{ user(id: 1) { name posts(limit: 51) { title } } }')) as { data: unknown; errors: { path: string[] }[] };
    expect(tooMany.data).toEqual({ user: null }); // posts is non-null, so the error propagates to the nullable user
    expect(tooMany.errors[0]!.path).toEqual(['user', 'posts']);
  });

  it('reads `limit: null` as no bound given: the default, for that field only', async () => {
    const t = new TestOrigin();
    const query = 'query($n: Int) { a: user(id: 1) { posts(limit: null) { id comments(limit: $n) { id } } } b: user(id: 2) { posts(limit: 2) { id } } }';
    const body = bodyOf(await post(t, t.session('alice'), query, { n: null })) as { data: { a: { posts: unknown[] }; b: { posts: unknown[] } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data.a.posts.length).toBeGreaterThan(0);
    expect(body.data.b.posts).toHaveLength(2);
  });

  it('batches authors: one lookup per level, not one per row', async () => {
    const batchesFor = async (limit: number) => {
      const t = new TestOrigin();
      const res = await post(t, t.session('alice'), `{ user(id: 1) { posts(limit: ${limit}) { author { name } comments { author { name } } } } }`);
      expect(res.status).toBe(200);
      return t.origin.graphStats().batches;
    };
    // At most one batch per level (user, posts, comments, authors), whether one post or four come back.
    expect(await batchesFor(1)).toBeLessThanOrEqual(5);
    expect(await batchesFor(4)).toBe(await batchesFor(1));
  });

  it('creates a post with a mutation, as the caller', async () => {
    const t = new TestOrigin();
    const res = await post(t, t.session('carol'), 'mutation { createPost(title: "Hello") { title author { name } } }');
    expect(bodyOf(res).data).toEqual({ createPost: { title: 'Hello', author: { name: 'Carol' } } });
  });

  it('refuses a post or a comment past the author\'s quota with a QUOTA_EXCEEDED field error, and keeps nothing', async () => {
    // Carol wrote two of the demo's posts; each of the three wrote five of its comments.
    const t = new TestOrigin({ quotas: { ...defaultOriginSettings.quotas, posts: { count: 3, bytes: 1_000 }, comments: { count: 6, bytes: 1_000 } } });
    const create = (who: string) => post(t, t.session(who), 'mutation { createPost(title: "Hello") { id } }');
    const comment = (who: string) => post(t, t.session(who), 'mutation { addComment(postId: 1, body: "Hi") { id } }');
    expect([bodyOf(await create('carol')).errors, bodyOf(await comment('carol')).errors]).toEqual([undefined, undefined]);
    const before = t.origin.state().posts;
    const [refusedPost, refusedComment] = [bodyOf(await create('carol')), bodyOf(await comment('carol'))];
    expect(refusedPost).toMatchObject({ data: null, errors: [{ path: ['createPost'], extensions: { code: 'QUOTA_EXCEEDED', limit: 'posts', max: 3, used: 3 } }] });
    expect(refusedComment).toMatchObject({ errors: [{ path: ['addComment'], extensions: { code: 'QUOTA_EXCEEDED', limit: 'comments', max: 6, used: 6 } }] });
    expect(t.origin.state().posts).toEqual(before);
    expect(bodyOf(await comment('bob')).errors).toBeUndefined();
  });

  it('passes gate 1 first: no credential, 401', async () => {
    const t = new TestOrigin();
    expect((await post(t, {}, '{ user(id: 1) { name } }')).status).toBe(401);
  });

  it('refuses a mutation over GET with 405 and Allow: POST', async () => {
    const t = new TestOrigin();
    const res = await t.send('GET', `/graphql?query=${encodeURIComponent('mutation { createPost(title: "x") { title } }')}`, t.session('alice'));
    expect([res.status, res.headers.allow]).toEqual([405, 'POST']);
    expect(t.origin.state().posts.posts).toHaveLength(9);
  });
});

describe('limits, before execution', () => {
  it('refuses a query over the depth limit and one over the cost limit with 400, no data, and no resolver run', async () => {
    const t = new TestOrigin();
    const deep = '{ user(id: 1) { posts { author { posts { author { posts { author { posts { title } } } } } } } } }';
    const costly = '{ user(id: 1) { posts(limit: 50) { comments(limit: 50) { author { name } } } } }';
    for (const [query, code] of [[deep, 'QUERY_TOO_DEEP'], [costly, 'QUERY_TOO_COSTLY']] as const) {
      const res = await post(t, t.session('alice'), query);
      const body = bodyOf(res) as { errors: { extensions: { code: string } }[] };
      expect([res.status, 'data' in body, body.errors[0]!.extensions.code]).toEqual([400, false, code]);
    }
    expect(t.origin.graphStats().batches).toBe(0);
  });

  it('prices a limit that arrives in a variable, which depth-only plugins miss', async () => {
    const t = new TestOrigin();
    const query = 'query Q($n: Int) { user(id: 1) { posts(limit: $n) { comments(limit: $n) { author { name } } } } }';
    expect((await post(t, t.session('alice'), query, { n: 2 })).status).toBe(200);
    expect((await post(t, t.session('alice'), query, { n: 50 })).status).toBe(400);
  });

  it('does not suggest field names to a prober', async () => {
    const t = new TestOrigin();
    const body = bodyOf(await post(t, t.session('alice'), '{ user(id: 1) { nam } }')) as { errors: { message: string }[] };
    expect(body.errors[0]!.message).not.toMatch(/Did you mean/);
  });

  it('skips parse and validation for a repeated query (the document cache)', async () => {
    const t = new TestOrigin();
    await post(t, t.session('alice'), nestedSample, { id: 1 });
    await post(t, t.session('alice'), nestedSample, { id: 2 });
    expect(t.origin.graphStats()).toMatchObject({ documentMisses: 1, documentHits: 1 });
  });
});

describe('persisted queries (Apollo APQ over GET)', () => {
  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND, registers on hash + query, then serves the hash alone', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    const path = persistedGetPath(nestedSample, 'Sample', { id: '1', limit: 2 });
    const cold = bodyOf(await t.send('GET', path, alice)) as { errors: { extensions: { code: string } }[] };
    expect(cold.errors[0]!.extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await t.send('GET', `${path}&query=${encodeURIComponent(nestedSample)}`, alice);
    expect(registered.status).toBe(200);
    const warm = await t.send('GET', path, alice);
    expect([warm.status, warm.headers['cache-control']]).toEqual([200, 'public, max-age=60']);
    // Persisted = posted: the GET returns what the POST of the same document returns, at the same cost.
    const posted = await post(t, alice, nestedSample, { id: '1', limit: 2 });
    const { extensions: warmCost, ...warmResult } = bodyOf(warm);
    const { extensions: postedCost, ...postedResult } = bodyOf(posted);
    expect(warmResult).toEqual(postedResult);
    expect((warmCost as { cost: CostReport }).cost.requestedQueryCost).toBe((postedCost as { cost: CostReport }).cost.requestedQueryCost);
  });

  it('does not let the cache keep a GET that only partly succeeded', async () => {
    const t = new TestOrigin();
    const res = await t.send('GET', `/graphql?query=${encodeURIComponent('{ ok: user(id: 1) { name } failed: user(id: 2) { posts(limit: 51) { title } } }')}`, t.session('alice'));
    expect([res.status, res.headers['cache-control']]).toEqual([200, 'private']);
  });
});

describe('totals()', () => {
  it('reports what the endpoint counted, as a copy the caller cannot move', async () => {
    const users = new UsersStore();
    const posts = new PostsStore();
    seedDemoData(users, posts);
    const endpoint = new GraphEndpoint({ users, posts, now: () => 0 });
    const alice = new Guard({ userId: 1, username: 'alice', roles: ['customer'], scopes: scopesOfRoles(['customer']), via: 'session', credentialId: 's' }, new Policy({ orders: 'owner-check' }));
    const ask = (query: string) => endpoint.handle(request('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query })), alice);
    expect(endpoint.totals()).toEqual({ batches: 0, resolverCalls: 0, objectsResolved: 0, documentHits: 0, documentMisses: 0, activeSubscriptions: 0 });
    expect((await ask('{ user(id: 1) { id name } }')).status).toBe(200);
    expect((await ask('{ user(id: 1) { id name } }')).status).toBe(200);
    const totals = endpoint.totals();
    // Twice: user, then id and name on it; one batch of users each time.
    expect(totals).toEqual({ batches: 2, resolverCalls: 6, objectsResolved: 2, documentHits: 1, documentMisses: 1, activeSubscriptions: 0 });
    (totals as { resolverCalls: number }).resolverCalls = 0;
    (endpoint.stats as { batches: number }).batches = 0;
    expect(endpoint.totals()).toMatchObject({ batches: 2, resolverCalls: 6 });
  });
});
