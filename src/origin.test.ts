import { describe, expect, it } from 'vitest';
import { bodyOf, TestOrigin } from './testing-kit.js';

/** Every endpoint of the service, with a body where it needs one. */
const endpoints: [string, string, unknown?][] = [
  ['GET', '/orders'], ['GET', '/orders/121'], ['PATCH', '/orders/121', { delivery_address: 'x' }], ['DELETE', '/orders/121'],
  ['GET', '/notes/1'], ['PUT', '/notes/1', { content: 'x' }], ['POST', '/notes', { content: 'x' }], ['DELETE', '/notes/1'],
  ['GET', '/users'], ['POST', '/users', { name: 'Dan', email: 'dan@example.com' }], ['GET', '/users/1'],
  ['PUT', '/users/1', { name: 'A', email: 'a@example.com' }], ['PATCH', '/users/1', { bio: 'x' }], ['DELETE', '/users/1'], ['GET', '/users/1/posts'], ['GET', '/posts/8/comments'],
  ['DELETE', '/sessions/current'],
];

describe('every endpoint passes the same two gates in the same order', () => {
  it.each(endpoints)('%s %s: 401 without a credential, 403 with a credential that lacks the scope', async (method, path, body) => {
    const t = new TestOrigin();
    const before = t.origin.state();
    expect((await t.send(method, path, {}, body)).status).toBe(401);
    const noScopes = await t.token('alice', { scopes: [] });
    expect((await t.send(method, path, noScopes, body)).status).toBe(403);
    expect(t.origin.state()).toEqual(before);
  });

  it('limits changes to a user record to its owner, and says 403 whether or not the id exists', async () => {
    const t = new TestOrigin();
    const bob = t.session('bob');
    expect((await t.send('PATCH', '/users/1', bob, { bio: 'mallory was here' })).status).toBe(403);
    expect((await t.send('PATCH', '/users/999', bob, { bio: 'x' })).status).toBe(403);
    expect((await t.send('DELETE', '/users/1', bob)).status).toBe(403);
    expect(bodyOf(await t.send('PATCH', '/users/2', bob, { bio: 'hi' }))).toMatchObject({ id: 2, bio: 'hi' });
    expect((await t.send('GET', '/users/1', bob)).status).toBe(200); // reading a profile is open to callers with read:users
  });

  it('makes responses to identified callers private unless the resource says otherwise', async () => {
    const t = new TestOrigin();
    expect((await t.send('GET', '/users/1', t.session('bob'))).headers['cache-control']).toBe('private');
  });

  it('replays a POST with a repeated Idempotency-Key instead of creating a second note, per caller', async () => {
    const t = new TestOrigin();
    const alice = { ...t.session('alice'), 'idempotency-key': 'k-1' };
    const first = await t.send('POST', '/notes', alice, { content: 'once' });
    const again = await t.send('POST', '/notes', alice, { content: 'once' });
    expect([first.status, again.status, again.headers['idempotent-replayed'], again.body]).toEqual([201, 201, 'true', first.body]);
    expect((await t.send('POST', '/notes', { ...t.session('bob'), 'idempotency-key': 'k-1' }, { content: 'once' })).status).toBe(201);
    expect(t.origin.state().notes).toHaveLength(2); // alice's one and bob's one
    expect((await t.send('POST', '/notes', alice, { content: 'different' })).status).toBe(422);
  });

  it('refuses a POST without a key where keys are required', async () => {
    const t = new TestOrigin({ idempotencyKey: 'required' });
    const res = await t.send('POST', '/notes', t.session('alice'), { content: 'x' });
    expect([res.status, bodyOf(res).type]).toEqual([400, '/problems/idempotency-key-missing']);
    expect(t.origin.state().notes).toEqual([]);
  });
});

describe('HEAD is answered without content everywhere', () => {
  it.each(['/sessions', '/tokens'])('HEAD %s: 405 with Allow and the problem labelled, but no body', async (path) => {
    const res = await new TestOrigin().send('HEAD', path);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.body).toBeUndefined();
  });
});
