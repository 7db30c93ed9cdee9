import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../http/message.js';
import { bodyOf, TestOrigin } from '../testing-kit.js';

interface Page {
  readonly items: readonly { readonly id: number; readonly postId: number; readonly authorId: number; readonly body: string }[];
  readonly next: string | null;
}

const page = (res: HttpResponse) => bodyOf(res) as unknown as Page;

/** Post 8 is alice's newest; its comments are the 13th to 15th the seed writes. */
const post8Comments = [
  { id: 13, postId: 8, authorId: 2, body: 'Even on the list endpoint?' },
  { id: 14, postId: 8, authorId: 3, body: 'And on every resolver.' },
  { id: 15, postId: 8, authorId: 1, body: 'Every entry point, yes.' },
];

describe('GET /posts/<post_id>/comments', () => {
  it('answers the post\'s comments as whole records, oldest first, private to the caller', async () => {
    const t = new TestOrigin();
    const before = t.origin.state();
    const res = await t.send('GET', '/posts/8/comments', t.session('bob'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['cache-control']).toBe('private');
    expect(bodyOf(res)).toEqual({ items: post8Comments, next: null });
    expect(res.headers.link).toBeUndefined();
    expect(t.origin.state()).toEqual(before);
  });

  it('answers an empty list for a post without comments, and 404 for a post that does not exist', async () => {
    const t = new TestOrigin();
    expect(bodyOf(await t.send('GET', '/posts/9/comments', t.session('alice')))).toEqual({ items: [], next: null });
    const missing = await t.send('GET', '/posts/99/comments', t.session('alice'));
    expect([missing.status, bodyOf(missing).type]).toEqual([404, '/problems/not-found']);
  });

  it('pages with limit and an opaque cursor, following next (and Link) to the end without skips or repeats', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    const first = await t.send('GET', '/posts/8/comments?limit=2', alice);
    expect(page(first).items.map((c) => c.id)).toEqual([13, 14]);
    const next = page(first).next!;
    expect(next).toMatch(/^\/posts\/8\/comments\?limit=2&cursor=[A-Za-z0-9_-]+$/);
    expect(first.headers.link).toBe(`<${next}>; rel="next"`);
    const second = await t.send('GET', next, alice);
    expect(page(second)).toEqual({ items: [post8Comments[2]], next: null });
  });

  it('refuses a bad query with 400 naming the parameter', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    for (const query of ['limit=0', 'limit=101', 'cursor=xyz', 'name=a', 'limit=1&limit=2']) {
      const res = await t.send('GET', `/posts/8/comments?${query}`, alice);
      expect([query, res.status, bodyOf(res).type]).toEqual([query, 400, '/problems/invalid-query']);
    }
  });

  it('is 404 for every other path under /posts, one list having one URL', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    for (const path of ['/posts', '/posts/8', '/posts/08/comments', '/posts/0/comments', '/posts/-1/comments', '/posts/8/comments/', '/posts/8/comments/13']) {
      expect([path, (await t.send('GET', path, alice)).status]).toEqual([path, 404]);
    }
  });

  it('is 405 with Allow: GET for any other method, changing nothing', async () => {
    const t = new TestOrigin();
    const before = t.origin.state();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const res = await t.send(method, '/posts/8/comments', t.session('alice'), method === 'OPTIONS' || method === 'DELETE' ? undefined : { body: 'x' });
      expect([method, res.status, res.headers.allow]).toEqual([method, 405, 'GET']);
    }
    expect(t.origin.state()).toEqual(before);
  });

  it('answers HEAD like GET without the body', async () => {
    const t = new TestOrigin();
    const res = await t.send('HEAD', '/posts/8/comments', t.session('alice'));
    expect([res.status, res.body, res.headers['content-type']]).toEqual([200, undefined, 'application/json']);
  });

  it('passes both gates: 401 without a credential (for a post that exists or not), 403 without read:posts', async () => {
    const t = new TestOrigin();
    const existing = await t.send('GET', '/posts/8/comments');
    const missing = await t.send('GET', '/posts/99/comments');
    expect([existing.status, missing.status]).toEqual([401, 401]);
    expect(existing.body).toBe(missing.body);
    expect((await t.send('GET', '/posts/8/comments', await t.token('alice', { scopes: ['read:users'] }))).status).toBe(403);
    expect((await t.send('GET', '/posts/8/comments', await t.token('alice', { scopes: ['read:posts'] }))).status).toBe(200);
    expect((await t.send('GET', '/posts/8/comments', t.session('sam'))).status).toBe(200); // support reads posts
  });

  it('records gate 2 as "list posts" on the post in the audit log', async () => {
    const t = new TestOrigin();
    await t.send('GET', '/posts/8/comments', t.session('bob'));
    await t.send('GET', '/posts/99/comments', t.session('bob'));
    expect(t.origin.audit.records.map((r) => [r.operation, r.object, r.decision, r.status])).toEqual([
      ['list posts', 'posts/8', 'allow', 200],
      ['list posts', 'posts/99', 'allow', 404],
    ]);
  });

  it('follows a deleted user: their comments leave the list', async () => {
    const t = new TestOrigin();
    expect((await t.send('DELETE', '/users/3', t.session('carol'))).status).toBe(204);
    expect(page(await t.send('GET', '/posts/8/comments', t.session('alice'))).items.map((c) => c.id)).toEqual([13, 15]);
  });
});
