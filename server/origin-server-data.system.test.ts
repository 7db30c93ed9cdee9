import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startOriginServer } from './origin-server.js';
import { sessionCookie } from './test-kit/demo-login.js';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const addComment = 'mutation Add($postId: ID!, $body: String!) { addComment(postId: $postId, body: $body) { id body } }';
// Post 9 is bob's (the demo data).
const bobsPosts = '{ user(id: "2") { posts(limit: 5) { id comments { body } } } }';

async function graph(url: string, cookie: string, query: string, variables: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return res.json();
}

/** A mutation over the WebSocket, as graphql-ws carries one: one `next` with its result, then `complete`. */
async function mutateOverSocket(url: string, cookie: string, body: string): Promise<unknown> {
  const client = createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    retryAttempts: 0,
    webSocketImpl: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie } });
      }
    },
  });
  try {
    const results = client.iterate({ query: addComment, variables: { postId: '9', body } });
    const first = await results.next();
    return first.value;
  } finally {
    await client.dispose();
  }
}

describe('the origin server over a data folder', () => {
  it('keeps graph mutations, over HTTP and over the WebSocket, for the next process on the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apisim-origin-data-'));
    folders.push(dir);
    const first = await startOriginServer({ port: 0, dataDir: dir, log: () => undefined });
    expect(first.dataDir).toBe(dir);
    const alice = await sessionCookie(first.url, 'alice');
    expect(await graph(first.url, alice, addComment, { postId: '9', body: 'over HTTP' })).toMatchObject({ data: { addComment: { body: 'over HTTP' } } });
    expect(await mutateOverSocket(first.url, alice, 'over the socket')).toMatchObject({ data: { addComment: { body: 'over the socket' } } });
    await first.close();

    const second = await startOriginServer({ port: 0, dataDir: dir, log: () => undefined });
    try {
      // The cookie from the first process: the session was kept too.
      const after = (await graph(second.url, alice, bobsPosts)) as { data: { user: { posts: { id: string; comments: { body: string }[] }[] } } };
      const post9 = after.data.user.posts.find((p) => p.id === '9');
      expect(post9?.comments.map((c) => c.body).slice(-2)).toEqual(['over HTTP', 'over the socket']);
    } finally {
      await second.close();
    }
  });
});
