import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../demo-data.js';
import { request } from '../http/message.js';
import { Guard } from '../policy/guard.js';
import { Policy } from '../policy/policy.js';
import { scopesOfRoles } from '../policy/roles.js';
import { PostsStore } from '../posts/store.js';
import { UsersStore } from '../users/store.js';
import { defaultGraphSettings, GraphEndpoint, type GraphSettings } from './endpoint.js';

const nestedSample = 'query Sample($id: ID!, $limit: Int) { user(id: $id) { name posts(limit: $limit) { title author { name } comments { body author { name } } } } }';

function alicesEndpoint(settings?: GraphSettings) {
  const users = new UsersStore();
  const posts = new PostsStore();
  seedDemoData(users, posts);
  const guard = new Guard({ userId: 1, username: 'alice', roles: ['customer'], scopes: scopesOfRoles(['customer']), via: 'session', credentialId: 'test' }, new Policy({ orders: 'owner-check' }));
  // A minute a reading: the cost budget is full at every query, so two answers' cost reports are alike.
  let nowUs = 0;
  const endpoint = new GraphEndpoint({ users, posts, now: () => (nowUs += 60_000_000), ...(settings !== undefined && { settings }) });
  const sendText = async (query: string, variables?: Record<string, unknown>) =>
    (await endpoint.handle(request('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query, variables })), guard)).body!;
  const send = async (query: string, variables?: Record<string, unknown>) => {
    const res = await endpoint.handle(request('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query, variables })), guard);
    return { status: res.status, data: (JSON.parse(res.body!) as { data?: unknown }).data };
  };
  return { endpoint, posts, send, sendText };
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

  it("a compiled answer's text is graphql-js's to the byte: escapes, lone surrogates, numbers, and the cost report after data", async () => {
    const awkward = ['quote " backslash \\ slash /', 'controls \u0000\u0007\b\f\n\r\t\u001f', 'lone \ud800 and \udfff, a pair \ud83d\ude00', 'é ü 中 \u2028\u2029 </script>', ''];
    const query = 'query Awkward($id: ID!) { user(id: $id) { id name posts(limit: 8) { id title comments(limit: 2) { id body } } } }';
    for (const settings of [defaultGraphSettings, { ...defaultGraphSettings, costBudget: { maximumAvailable: Infinity, restoreRate: 1 } }]) {
      const { endpoint, posts, sendText } = alicesEndpoint(settings);
      for (const title of awkward) posts.addPost(1, title);
      const onGraphqlJs = await sendText(query, { id: '1' });
      const compiled = await sendText(query, { id: '1' });
      expect(endpoint.operations.compiled).toBe(1);
      for (const title of awkward) expect(onGraphqlJs).toContain(JSON.stringify(title));
      // With a cost budget the answer ends with extensions.cost, which the compiled serializer knows nothing of.
      expect(onGraphqlJs.includes('"extensions":{"cost"')).toBe(settings.costBudget.maximumAvailable !== Infinity);
      expect(compiled).toBe(onGraphqlJs);
    }
  });
});
