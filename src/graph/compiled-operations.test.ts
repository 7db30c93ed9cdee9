import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../demo-data.js';
import { request } from '../http/message.js';
import { Guard } from '../policy/guard.js';
import { Policy } from '../policy/policy.js';
import { scopesOfRoles } from '../policy/roles.js';
import { PostsStore } from '../posts/store.js';
import { UsersStore } from '../users/store.js';
import { GraphEndpoint } from './endpoint.js';

const nestedSample = 'query Sample($id: ID!, $limit: Int) { user(id: $id) { name posts(limit: $limit) { title author { name } comments { body author { name } } } } }';

function alicesEndpoint() {
  const users = new UsersStore();
  const posts = new PostsStore();
  seedDemoData(users, posts);
  const guard = new Guard({ userId: 1, username: 'alice', roles: ['customer'], scopes: scopesOfRoles(['customer']), via: 'session', credentialId: 'test' }, new Policy({ orders: 'owner-check' }));
  const endpoint = new GraphEndpoint({ users, posts, now: () => 0 });
  const send = async (query: string, variables?: Record<string, unknown>) => {
    const res = await endpoint.handle(request('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query, variables })), guard);
    return { status: res.status, data: (JSON.parse(res.body!) as { data?: unknown }).data };
  };
  return { endpoint, send };
}

describe('compiled operations: a query that comes back runs compiled', () => {
  it('the nested sample runs on graphql-js once, then compiled, and answers the same', async () => {
    const { endpoint, send } = alicesEndpoint();
    const first = await send(nestedSample, { id: '1', limit: 3 });
    expect(endpoint.operations.compiled).toBe(0);
    const second = await send(nestedSample, { id: '1', limit: 3 });
    // 0 here would mean graphql-jit refused our schema (two graphql instances loaded) and every query stayed on graphql-js.
    expect(endpoint.operations.compiled).toBe(1);
    expect(second).toEqual(first);
    expect(first.status).toBe(200);
  });

  it('a mutation never runs compiled: a trial of it could not be taken back', async () => {
    const { endpoint, send } = alicesEndpoint();
    for (let i = 0; i < 3; i++) expect((await send('mutation { createPost(title: "t") { id } }')).status).toBe(200);
    expect(endpoint.operations.compiled).toBe(0);
  });
});
