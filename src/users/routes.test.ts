import { describe, expect, it } from 'vitest';
import { maxJsonBodyBytes } from '../http/json-body.js';
import { type HttpRequest, type HttpResponse, request, splitPath } from '../http/message.js';
import { seedDemoData } from '../demo-data.js';
import { PostsStore } from '../posts/store.js';
import { encodeCursor } from '../http/paging/cursor.js';
import { handleUsers, type Stores } from './routes.js';
import { UsersStore } from './store.js';

const json = { 'content-type': 'application/json' };
const mergePatch = { 'content-type': 'application/merge-patch+json' };

function fresh(): Stores {
  return { users: new UsersStore(), posts: new PostsStore() };
}

function seeded(): Stores {
  const stores = fresh();
  seedDemoData(stores.users, stores.posts);
  return stores;
}

function send(stores: Stores, req: HttpRequest): HttpResponse {
  const { pathname, query } = splitPath(req.path);
  return handleUsers(stores, req, pathname, query);
}

const snapshot = (stores: Stores) => ({ users: stores.users.snapshot(), ...stores.posts.snapshot() });
const body = (res: HttpResponse) => JSON.parse(res.body ?? 'null') as Record<string, unknown>;
const post = (value: unknown, headers: Record<string, string> = json) => request('POST', '/users', headers, JSON.stringify(value));
const put = (id: number, value: unknown) => request('PUT', `/users/${id}`, json, JSON.stringify(value));
const patch = (id: number, text: string, headers: Record<string, string> = mergePatch) => request('PATCH', `/users/${id}`, headers, text);
const get = (path: string) => request('GET', path);

const alice = { id: 1, name: 'Alice', email: 'alice@example.com', bio: 'Writes about HTTP semantics.' };

describe('POST /users', () => {
  it('creates a user: 201, Location of the new user, and the user as the body', () => {
    const stores = seeded();
    const res = send(stores, post({ name: 'Dave', email: 'dave@example.com' }));
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe('/users/4');
    expect(res.headers['content-type']).toBe('application/json');
    expect(body(res)).toEqual({ id: 4, name: 'Dave', email: 'dave@example.com' });
    expect(body(send(stores, get(res.headers.location!)))).toEqual(body(res));
  });

  it('keeps an optional bio, and is not idempotent: the same POST twice is two users', () => {
    const stores = fresh();
    const a = send(stores, post({ name: 'Eve', email: 'eve@example.com', bio: '' }));
    const b = send(stores, post({ name: 'Eve', email: 'eve@example.com', bio: '' }));
    expect([a.headers.location, b.headers.location]).toEqual(['/users/1', '/users/2']);
    expect(body(b)).toEqual({ id: 2, name: 'Eve', email: 'eve@example.com', bio: '' });
  });

  it('never reuses the id of a deleted user', () => {
    const stores = seeded();
    expect(send(stores, request('DELETE', '/users/3')).status).toBe(204);
    expect(send(stores, post({ name: 'Dave', email: 'd@x' })).headers.location).toBe('/users/4');
  });

  it('counts name length in code points: 100 emoji fit, 101 do not', () => {
    const stores = fresh();
    expect(send(stores, post({ name: '🍮'.repeat(100), email: 'a@b' })).status).toBe(201);
    expect(send(stores, post({ name: '🍮'.repeat(101), email: 'a@b' })).status).toBe(422);
  });
});

describe('GET /users: pages and a filter', () => {
  function withUsers(names: readonly string[]): Stores {
    const stores = fresh();
    for (const name of names) stores.users.add({ name, email: `${name.toLowerCase()}@example.com` });
    return stores;
  }

  /** Follows `next` from `first` to the end; checks the Link header on the way. */
  function walk(stores: Stores, first: string, between?: (page: number) => void): { ids: number[]; pages: number } {
    const ids: number[] = [];
    let path: string | null = first;
    let pages = 0;
    while (path !== null) {
      // A cursor that does not advance would loop forever; fail instead.
      if (pages > stores.users.size + 2) throw new Error(`still paging after ${pages} pages, at ${path}`);
      const res = send(stores, get(path));
      expect(res.status).toBe(200);
      const page = body(res) as { items: { id: number }[]; next: string | null };
      expect(res.headers.link).toBe(page.next === null ? undefined : `<${page.next}>; rel="next"`);
      ids.push(...page.items.map((u) => u.id));
      path = page.next;
      pages++;
      between?.(pages);
    }
    return { ids, pages };
  }

  it('walks every user exactly once across pages', () => {
    const stores = withUsers(Array.from({ length: 23 }, (_, i) => `User${i + 1}`));
    expect(walk(stores, '/users?limit=5')).toEqual({ ids: Array.from({ length: 23 }, (_, i) => i + 1), pages: 5 });
    expect(walk(stores, '/users?limit=23')).toMatchObject({ pages: 1 });
  });

  it('walks every user who stays exactly once, even when users come and go between pages (keyset, not offset)', () => {
    const stores = withUsers(Array.from({ length: 12 }, (_, i) => `User${i + 1}`));
    const { ids } = walk(stores, '/users?limit=3', (page) => {
      if (page === 1) {
        stores.users.delete(2); // already seen
        stores.users.delete(5); // not yet seen
      }
      if (page === 2) stores.users.add({ name: 'Late', email: 'late@example.com' });
    });
    expect(ids).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives the next page as a path that keeps the limit and the filter', () => {
    const stores = withUsers(['Al', 'Bob', 'alan', 'ALBERT', 'Sal', 'Alice']);
    const res = send(stores, get('/users?name=AL&limit=2'));
    expect(body(res)).toEqual({
      items: [stores.users.get(1), stores.users.get(3)],
      next: `/users?name=AL&limit=2&cursor=${encodeCursor(3)}`,
    });
    const names = walk(stores, '/users?name=aL&limit=2').ids.map((id) => stores.users.get(id)?.name);
    expect(names).toEqual(['Al', 'alan', 'ALBERT', 'Alice']);
  });

  it('lists 20 by default, and an empty listing is an empty page with no next', () => {
    const stores = withUsers(Array.from({ length: 25 }, (_, i) => `U${i}`));
    expect((body(send(stores, get('/users'))).items as unknown[]).length).toBe(20);
    expect(body(send(fresh(), get('/users')))).toEqual({ items: [], next: null });
    expect(body(send(stores, get('/users?name=nobody')))).toEqual({ items: [], next: null });
  });

  it('encodes the filter in the next path so that it survives the round trip', () => {
    const stores = withUsers(['a b&c', 'a b&d', 'a b=e']);
    expect(walk(stores, '/users?name=a%20b%26&limit=1').ids).toEqual([1, 2]);
  });
});

describe('GET/PUT/PATCH/DELETE /users/<id>', () => {
  it('GET returns the user and changes nothing', () => {
    const stores = seeded();
    const before = snapshot(stores);
    const res = send(stores, get('/users/1'));
    expect([res.status, body(res)]).toEqual([200, alice]);
    expect(snapshot(stores)).toEqual(before);
  });

  it('PUT replaces the whole user: a left-out optional field is gone, and a repeat leaves the same state', () => {
    const stores = seeded();
    const replacement = { name: 'Alice A.', email: 'a@example.org' };
    const res = send(stores, put(1, replacement));
    expect([res.status, body(res)]).toEqual([200, { id: 1, ...replacement }]);
    const after = snapshot(stores);
    send(stores, put(1, replacement));
    expect(snapshot(stores)).toEqual(after);
    expect(body(send(stores, get('/users/1')))).toEqual({ id: 1, ...replacement });
  });

  it('PATCH merges (RFC 7396): a given member changes, an absent one stays, null removes an optional one', () => {
    const stores = seeded();
    expect(body(send(stores, patch(1, '{"name":"Alicia"}')))).toEqual({ ...alice, name: 'Alicia' });
    expect(body(send(stores, patch(1, '{"bio":null}')))).toEqual({ id: 1, name: 'Alicia', email: 'alice@example.com' });
    expect(body(send(stores, patch(1, '{"bio":null}')))).toEqual({ id: 1, name: 'Alicia', email: 'alice@example.com' });
    expect(body(send(stores, patch(1, '{"bio":"back","email":"al@example.com"}'))))
      .toEqual({ id: 1, name: 'Alicia', email: 'al@example.com', bio: 'back' });
    expect(body(send(stores, patch(1, '{}')))).toEqual(stores.users.get(1));
    expect(stores.users.get(1)).toEqual({ id: 1, name: 'Alicia', email: 'al@example.com', bio: 'back' });
  });

  it('PATCH accepts application/merge-patch+json, application/json and an unlabelled body', () => {
    const stores = seeded();
    for (const headers of [mergePatch, { 'content-type': 'application/merge-patch+json; charset=utf-8' }, json, {}]) {
      expect(send(stores, patch(2, '{"name":"Bobby"}', headers)).status).toBe(200);
    }
  });

  it('DELETE removes the user with 204 and takes their posts and comments along; then GET and DELETE are 404', () => {
    const stores = seeded();
    const res = send(stores, request('DELETE', '/users/1'));
    expect([res.status, res.body]).toEqual([204, undefined]);
    expect(send(stores, get('/users/1')).status).toBe(404);
    expect(send(stores, request('DELETE', '/users/1')).status).toBe(404);
    expect(send(stores, get('/users/1/posts')).status).toBe(404);
    const { posts, comments } = stores.posts.snapshot();
    expect(posts.some((p) => p.authorId === 1)).toBe(false);
    expect(comments.some((c) => c.authorId === 1 || !posts.some((p) => p.id === c.postId))).toBe(false);
    expect(stores.users.snapshot().map((u) => u.id)).toEqual([2, 3]);
  });
});

describe('GET /users/<id>/posts', () => {
  it('lists the user\'s posts newest first, a page at a time', () => {
    const stores = seeded();
    const first = send(stores, get('/users/1/posts?limit=3'));
    const page = body(first) as { items: { id: number; authorId: number; title: string }[]; next: string };
    expect(page.items.map((p) => p.id)).toEqual([8, 5, 3]);
    expect(page.items[0]).toEqual({ id: 8, authorId: 1, title: 'Owner checks on every read' });
    expect(page.next).toBe(`/users/1/posts?limit=3&cursor=${encodeCursor(3)}`);
    expect(first.headers.link).toBe(`<${page.next}>; rel="next"`);
    expect(body(send(stores, get(page.next)))).toEqual({ items: [stores.posts.post(1)], next: null });
    expect((body(send(stores, get('/users/2/posts'))).items as { id: number }[]).map((p) => p.id)).toEqual([9, 6, 2]);
  });

  it('is an empty page for a user without posts, and 404 for a user who does not exist', () => {
    const stores = seeded();
    const dave = body(send(stores, post({ name: 'Dave', email: 'd@x' })));
    expect(body(send(stores, get(`/users/${String(dave.id)}/posts`)))).toEqual({ items: [], next: null });
    expect(send(stores, get('/users/99/posts')).status).toBe(404);
  });
});

describe('refused requests: the precise status and problem, and nothing changes', () => {
  // 13 000 levels fit in 64 KiB and overflow the stack of a naive recursive merge.
  const deep = `{"name":${'{"":'.repeat(13_000)}1${'}'.repeat(13_000)}}`;
  const cases: [string, HttpRequest, number, string][] = [
    // the body of a POST
    ['POST malformed JSON', request('POST', '/users', json, '{"name":'), 400, 'malformed-json'],
    ['POST without a body', request('POST', '/users', json), 400, 'body-required'],
    ['POST labelled text/plain', post({ name: 'x', email: 'a@b' }, { 'content-type': 'text/plain' }), 415, 'unsupported-media-type'],
    ['POST over 64 KiB', post({ name: 'x', email: 'a@b', bio: 'x'.repeat(maxJsonBodyBytes) }), 413, 'body-too-large'],
    ['POST an array', post([{ name: 'x', email: 'a@b' }]), 422, 'invalid-body'],
    ['POST without a name', post({ email: 'a@b' }), 422, 'invalid-body'],
    ['POST a number as email', post({ name: 'x', email: 42 }), 422, 'invalid-body'],
    ['POST an email without @', post({ name: 'x', email: 'nobody' }), 422, 'invalid-body'],
    ['POST an email with a space', post({ name: 'x', email: 'a b@c' }), 422, 'invalid-body'],
    ['POST an empty name', post({ name: '', email: 'a@b' }), 422, 'invalid-body'],
    ['POST a blank name', post({ name: '   ', email: 'a@b' }), 422, 'invalid-body'],
    ['POST a 101-character name', post({ name: 'x'.repeat(101), email: 'a@b' }), 422, 'invalid-body'],
    ['POST a 501-character bio', post({ name: 'x', email: 'a@b', bio: 'x'.repeat(501) }), 422, 'invalid-body'],
    ['POST a null bio', post({ name: 'x', email: 'a@b', bio: null }), 422, 'invalid-body'],
    ['POST with roles', post({ name: 'x', email: 'a@b', roles: ['admin'] }), 422, 'invalid-body'],
    ['POST with an id', post({ id: 1, name: 'x', email: 'a@b' }), 422, 'invalid-body'],
    ['POST with __proto__', request('POST', '/users', json, '{"__proto__":{"roles":["admin"]},"name":"x","email":"a@b"}'), 422, 'invalid-body'],
    ['POST with a query', request('POST', '/users?as=admin', json, '{"name":"x","email":"a@b"}'), 400, 'invalid-query'],
    // PUT
    ['PUT without the email (a replacement needs every required field)', put(1, { name: 'Alice' }), 422, 'invalid-body'],
    ['PUT with an id', put(1, { id: 2, name: 'Alice', email: 'a@b' }), 422, 'invalid-body'],
    ['PUT with roles', put(1, { name: 'Alice', email: 'a@b', roles: ['admin'] }), 422, 'invalid-body'],
    ['PUT malformed JSON', request('PUT', '/users/1', json, '{'), 400, 'malformed-json'],
    ['PUT over 64 KiB', put(1, { name: 'x', email: 'a@b', bio: 'x'.repeat(maxJsonBodyBytes) }), 413, 'body-too-large'],
    ['PUT to a user who does not exist (only POST creates)', put(99, { name: 'x', email: 'a@b' }), 404, 'not-found'],
    // PATCH
    ['PATCH removing the required name', patch(1, '{"name":null}'), 422, 'invalid-body'],
    ['PATCH removing the required email', patch(1, '{"email":null}'), 422, 'invalid-body'],
    ['PATCH to an invalid email (the merged user is checked)', patch(1, '{"email":"nobody"}'), 422, 'invalid-body'],
    ['PATCH a valid name with an invalid email (all or nothing)', patch(1, '{"name":"Alicia","email":"nobody"}'), 422, 'invalid-body'],
    ['PATCH a number as name', patch(1, '{"name":7}'), 422, 'invalid-body'],
    ['PATCH an array as bio (arrays replace whole, and a bio is a string)', patch(1, '{"bio":["a"]}'), 422, 'invalid-body'],
    ['PATCH an object as name', patch(1, '{"name":{"first":"A"}}'), 422, 'invalid-body'],
    ['PATCH a 13 000-deep object (no stack overflow)', patch(1, deep), 422, 'invalid-body'],
    ['PATCH roles', patch(1, '{"roles":["admin"]}'), 422, 'invalid-body'],
    ['PATCH roles to null', patch(1, '{"roles":null}'), 422, 'invalid-body'],
    ['PATCH the id', patch(1, '{"id":2}'), 422, 'invalid-body'],
    ['PATCH an array (it would replace the user whole)', patch(1, '[{"op":"replace","path":"/name","value":"x"}]'), 422, 'invalid-body'],
    ['PATCH null (it would replace the user with null)', patch(1, 'null'), 422, 'invalid-body'],
    ['PATCH labelled json-patch+json (RFC 6902)', patch(1, '[]', { 'content-type': 'application/json-patch+json' }), 415, 'unsupported-media-type'],
    ['PATCH labelled text/plain', patch(1, '{"name":"x"}', { 'content-type': 'text/plain' }), 415, 'unsupported-media-type'],
    ['PATCH over 64 KiB, whatever its label', patch(1, JSON.stringify({ bio: 'x'.repeat(maxJsonBodyBytes) }), { 'content-type': 'text/plain' }), 413, 'body-too-large'],
    ['PATCH malformed JSON', patch(1, '{"name":'), 400, 'malformed-json'],
    ['PATCH without a body', request('PATCH', '/users/1', mergePatch), 400, 'body-required'],
    ['PATCH a user who does not exist', patch(99, '{"name":"x"}'), 404, 'not-found'],
    // paths, methods, queries
    ['GET a user who does not exist', get('/users/99'), 404, 'not-found'],
    ['DELETE a user who does not exist', request('DELETE', '/users/99'), 404, 'not-found'],
    ['GET /users/0', get('/users/0'), 404, 'not-found'],
    ['GET /users/01 (one user, one URL)', get('/users/01'), 404, 'not-found'],
    ['GET /users/-1', get('/users/-1'), 404, 'not-found'],
    ['GET /users/abc', get('/users/abc'), 404, 'not-found'],
    ['GET /users/', get('/users/'), 404, 'not-found'],
    ['GET /users/1/', get('/users/1/'), 404, 'not-found'],
    ['GET /users/1/comments', get('/users/1/comments'), 404, 'not-found'],
    ['DELETE /users/1/posts/8', request('DELETE', '/users/1/posts/8'), 404, 'not-found'],
    ['DELETE /users', request('DELETE', '/users'), 405, 'method-not-allowed'],
    ['PUT /users', request('PUT', '/users', json, '[]'), 405, 'method-not-allowed'],
    ['POST /users/1', request('POST', '/users/1', json, '{"name":"x","email":"a@b"}'), 405, 'method-not-allowed'],
    ['HEAD /users/1', request('HEAD', '/users/1'), 405, 'method-not-allowed'],
    ['POST /users/1/posts', request('POST', '/users/1/posts', json, '{"title":"x"}'), 405, 'method-not-allowed'],
    ['DELETE /users/1/posts', request('DELETE', '/users/1/posts'), 405, 'method-not-allowed'],
    ['GET /users?limit=0', get('/users?limit=0'), 400, 'invalid-query'],
    ['GET /users?limit=101', get('/users?limit=101'), 400, 'invalid-query'],
    ['GET /users?limit=ten', get('/users?limit=ten'), 400, 'invalid-query'],
    ['GET /users?cursor=forged', get('/users?cursor=forged'), 400, 'invalid-query'],
    ['GET /users?name=', get('/users?name='), 400, 'invalid-query'],
    ['GET /users?offset=20', get('/users?offset=20'), 400, 'invalid-query'],
    ['GET /users?limit=1&limit=2', get('/users?limit=1&limit=2'), 400, 'invalid-query'],
    ['GET /users/1?fields=email', get('/users/1?fields=email'), 400, 'invalid-query'],
    ['GET /users/1/posts?name=a', get('/users/1/posts?name=a'), 400, 'invalid-query'],
    ['GET /users/1/posts?limit=0', get('/users/1/posts?limit=0'), 400, 'invalid-query'],
    ['GET /users/99/posts', get('/users/99/posts'), 404, 'not-found'],
  ];

  it.each(cases.map(([name, req, status, slug]) => [name, status, slug, req] as const))('%s → %i %s', (_name, status, slug, req) => {
    const stores = seeded();
    const before = snapshot(stores);
    const res = send(stores, req);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(body(res)).toMatchObject({ type: `/problems/${slug}`, status });
    expect(typeof body(res).title).toBe('string');
    expect(typeof body(res).detail).toBe('string');
    expect(snapshot(stores)).toEqual(before);
  });

  it('answers 405 with an Allow header listing what each path allows', () => {
    const stores = seeded();
    expect(send(stores, request('DELETE', '/users')).headers.allow).toBe('GET, POST');
    expect(send(stores, request('POST', '/users/1')).headers.allow).toBe('GET, PUT, PATCH, DELETE');
    expect(send(stores, request('PUT', '/users/1/posts')).headers.allow).toBe('GET');
    // The method is checked before the user's existence, so a wrong method is 405 for any id.
    expect(send(stores, request('POST', '/users/99')).status).toBe(405);
  });

  it('offers the patch formats it understands with a 415 to a PATCH (RFC 5789 §3.1)', () => {
    const res = send(seeded(), patch(1, '[]', { 'content-type': 'application/json-patch+json' }));
    expect(res.headers['accept-patch']).toBe('application/merge-patch+json, application/json');
  });

  it('lists every field at fault with a JSON pointer, unknown fields first, with their reason', () => {
    const res = send(fresh(), request('POST', '/users', json, '{"roles":["admin"],"id":9,"a/b~c":1,"name":5}'));
    expect(body(res)).toMatchObject({ status: 422, detail: 'The body has 5 problems; see errors.' });
    expect(body(res).errors).toEqual([
      { pointer: '/roles', detail: 'The field "roles" is not editable through /users.' },
      { pointer: '/id', detail: 'The field "id" is assigned by the server and cannot be set; the id is in the path.' },
      { pointer: '/a~1b~0c', detail: 'Unknown field "a/b~c"; a user has only "name", "email", "bio".' },
      { pointer: '/name', detail: 'The field "name" must be a string, not a number.' },
      { pointer: '/email', detail: 'The field "email" is required.' },
    ]);
  });

  it('points at the whole document with the empty pointer, and at the field a merged patch broke', () => {
    const stores = seeded();
    expect(body(send(stores, post('x'))).errors).toEqual([{ pointer: '', detail: 'A user is a JSON object like {"name": "...", "email": "..."}.' }]);
    expect(body(send(stores, patch(1, '{"name":null}'))).errors).toEqual([{ pointer: '/name', detail: 'The field "name" is required.' }]);
    expect(body(send(stores, patch(1, '{"name":"Al","email":"nobody"}'))))
      .toMatchObject({ detail: 'The field "email" must look like name@domain, with no spaces.', errors: [{ pointer: '/email' }] });
  });

  it('names the query parameter at fault', () => {
    const res = send(seeded(), get('/users?limit=500&cursor=x'));
    expect((body(res).errors as { parameter: string }[]).map((e) => e.parameter)).toEqual(['limit', 'cursor']);
  });
});

describe('what one caller may keep in users it created', () => {
  it('refuses a POST past the caller\'s quota, and a PUT or PATCH growing past its creator\'s, with 507 problem details; nothing changes', () => {
    const stores = { users: new UsersStore(undefined, { count: 2, bytes: 60 }), posts: new PostsStore() };
    const as = (callerId: number, req: HttpRequest) => handleUsers(stores, req, splitPath(req.path).pathname, '', callerId);
    expect([as(7, post({ name: 'Ann', email: 'a@b' })).status, as(7, post({ name: 'Bo', email: 'b@c' })).status]).toEqual([201, 201]);
    const before = snapshot(stores);
    const refused = as(7, post({ name: 'Cy', email: 'c@d' }));
    expect([refused.status, refused.headers['cache-control'], body(refused)]).toMatchObject([507, 'no-store', { type: '/problems/quota-exceeded', limit: 'users', max: 2, used: 2 }]);
    expect(as(8, post({ name: 'Cy', email: 'c@d' })).status).toBe(201);
    const grown = { name: 'Ann', email: 'a@b', bio: 'x'.repeat(60) };
    // Another caller replacing user 1 still spends its creator's room.
    expect(body(as(8, put(1, grown)))).toMatchObject({ status: 507, limit: 'bytes', max: 60 });
    expect(as(7, patch(1, JSON.stringify({ bio: 'x'.repeat(60) }))).status).toBe(507);
    expect(snapshot(stores).users.slice(0, 2)).toEqual(before.users);
    expect(as(7, put(1, { name: 'Ann', email: 'a@b', bio: 'x'.repeat(40) })).status).toBe(200);
  });
});
