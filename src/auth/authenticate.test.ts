import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { setCookieList } from '../http/set-cookie-list.js';
import { bodyOf, TestOrigin } from '../testing-kit.js';

const otherKey = new TextEncoder().encode('another key entirely, 32+ bytes long');

describe('gate 1: who is this?', () => {
  it('identifies a session cookie and a bearer token alike', async () => {
    const t = new TestOrigin();
    expect((await t.send('GET', '/orders/121', t.session('alice'))).status).toBe(200);
    expect((await t.send('GET', '/orders/121', await t.token('alice'))).status).toBe(200);
  });

  const refusals: [string, (t: TestOrigin) => Promise<Record<string, string>> | Record<string, string>, RegExp][] = [
    ['no credential', () => ({}), /no credential/],
    ['a cookie without the session', () => ({ cookie: 'theme=dark' }), /no session cookie/],
    ['an unknown session', () => ({ cookie: 'sid=not-a-session' }), /unknown session/],
    ['a revoked session', (t) => {
      const headers = t.session('alice');
      t.origin.login.revokeSession(headers.cookie!.slice(4));
      return headers;
    }, /session revoked/],
    ['another scheme', () => ({ authorization: 'Basic YWxpY2U6YWxpY2UtcHc=' }), /malformed Authorization/],
    ['a malformed token', () => ({ authorization: 'Bearer not.a.jwt' }), /token malformed|token invalid/],
    ['a truncated token', async (t) => ({ authorization: (await t.token('alice')).authorization!.slice(0, -10) }), /signature invalid|malformed/],
    ['an expired token', (t) => t.token('alice', { lifetimeUs: -1_000_000 }), /token expired/],
    ['a token signed with another key', () => new SignJWT({ scope: 'read:orders', roles: ['support'], preferred_username: 'alice' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setSubject('1').setIssuer('apisim').setAudience('apisim')
      .setIssuedAt(1_767_225_600).setExpirationTime(1_767_229_200).setJti('x').sign(otherKey)
      .then((jwt) => ({ authorization: `Bearer ${jwt}` })), /signature invalid/],
    ['an unsigned token (alg none)', () => ({ authorization: `Bearer ${new UnsecuredJWT({ sub: '1', scope: 'read:orders' }).encode()}` }), /algorithm not allowed|malformed/],
    ['a token with another algorithm (HS512)', () => new SignJWT({ scope: 'read:orders' })
      .setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' }).setSubject('1').setIssuedAt(1_767_225_600).setExpirationTime(1_767_229_200)
      .sign(new Uint8Array(64)).then((jwt) => ({ authorization: `Bearer ${jwt}` })), /algorithm not allowed/],
    ['a huge token', () => ({ authorization: `Bearer ${'a'.repeat(20_000)}` }), /too large/],
  ];

  it.each(refusals)('refuses %s with 401 and a challenge, and reaches no resource', async (_name, credential, reason) => {
    const t = new TestOrigin();
    const before = t.origin.state();
    const res = await t.send('DELETE', '/orders/121', await credential(t));
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="apisim"/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(bodyOf(res)).toMatchObject({ type: '/problems/unauthenticated', status: 401 });
    expect(String(bodyOf(res).detail)).toMatch(reason);
    expect(t.origin.state()).toEqual(before);
    expect(t.origin.audit.records.at(-1)).toMatchObject({ userId: null, decision: 'deny', status: 401 });
  });

  it('says invalid_token in the challenge only when a token was presented (RFC 6750 §3.1)', async () => {
    const t = new TestOrigin();
    expect((await t.send('GET', '/orders/121')).headers['www-authenticate']).toBe('Bearer realm="apisim"');
    expect((await t.send('GET', '/orders/121', { authorization: 'Bearer x.y.z' })).headers['www-authenticate']).toMatch(/error="invalid_token"/);
  });

  it('answers 401 the same for an object that exists and one that does not', async () => {
    const t = new TestOrigin();
    const [a, b] = [await t.send('GET', '/orders/121'), await t.send('GET', '/orders/999')];
    expect([a.status, a.headers, a.body]).toEqual([b.status, b.headers, b.body]);
  });

  it('ignores what a token claims about itself when the signature does not match', async () => {
    const t = new TestOrigin();
    const [h, , s] = (await t.token('bob')).authorization!.slice(7).split('.');
    const claims = { sub: '4', preferred_username: 'sam', roles: ['support'], scope: 'read:orders', iss: 'apisim', aud: 'apisim', iat: 1_767_225_600, exp: 1_767_229_200, jti: 'j' };
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
    expect((await t.send('GET', '/orders/121', { authorization: `Bearer ${forged}` })).status).toBe(401);
  });
});

describe('login', () => {
  it('POST /sessions sets an HttpOnly, Secure, SameSite session cookie that then identifies the caller', async () => {
    const t = new TestOrigin();
    const res = await t.send('POST', '/sessions', {}, { username: 'bob', password: 'bob-pw' });
    expect(res.status).toBe(201);
    const [cookie, device] = setCookieList(res.headers) as [string, string];
    expect(cookie).toMatch(/^sid=[^;]+; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(device).toMatch(/^device=[^;]+; Max-Age=2592000; Path=\/sessions; HttpOnly; Secure; SameSite=Strict$/);
    const sid = cookie.slice(0, cookie.indexOf(';'));
    expect(bodyOf(await t.send('GET', '/orders/123', { cookie: sid }))).toMatchObject({ id: 123, user_id: 2 });
  });

  it('gives the same 401 for an unknown user and for a wrong password', async () => {
    const t = new TestOrigin();
    const unknown = await t.send('POST', '/sessions', {}, { username: 'mallory', password: 'x' });
    const wrong = await t.send('POST', '/sessions', {}, { username: 'bob', password: 'x' });
    expect(unknown.status).toBe(401);
    expect([unknown.body, unknown.headers]).toEqual([wrong.body, wrong.headers]);
  });

  it('POST /tokens returns a bearer token, narrowed on request, and refuses scopes the role lacks', async () => {
    const t = new TestOrigin();
    const res = await t.send('POST', '/tokens', {}, { username: 'sam', password: 'sam-pw', scope: 'read:orders' });
    expect(bodyOf(res)).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'read:orders' });
    const token = String(bodyOf(res).access_token);
    expect((await t.send('GET', '/orders/125', { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await t.send('GET', '/notes/1', { authorization: `Bearer ${token}` })).status).toBe(403); // not in this token
    const refused = await t.send('POST', '/tokens', {}, { username: 'sam', password: 'sam-pw', scope: 'write:orders' });
    expect([refused.status, bodyOf(refused).refused]).toEqual([400, ['write:orders']]);
  });

  it('POST /tokens names each requested scope once, so a token it issues is never too large for gate 1', async () => {
    const t = new TestOrigin();
    const res = await t.send('POST', '/tokens', {}, { username: 'sam', password: 'sam-pw', scope: 'read:orders '.repeat(3000) });
    expect(bodyOf(res).scope).toBe('read:orders');
    expect((await t.send('GET', '/orders/125', { authorization: `Bearer ${String(bodyOf(res).access_token)}` })).status).toBe(200);
  });

  it('validates the login body precisely', async () => {
    const t = new TestOrigin();
    expect((await t.send('POST', '/sessions', {}, { username: 'bob' })).status).toBe(422);
    expect((await t.send('POST', '/sessions', {}, { username: 'bob', password: 'bob-pw', admin: true })).status).toBe(422);
    expect((await t.handle({ method: 'POST', path: '/sessions', headers: {}, body: '{', bodyBytes: 1 })).status).toBe(400);
    expect((await t.send('GET', '/sessions')).status).toBe(405);
  });

  it('DELETE /sessions/current revokes the session at once, while a token cannot be revoked', async () => {
    const t = new TestOrigin();
    const session = t.session('alice');
    const token = await t.token('alice');
    expect((await t.send('DELETE', '/sessions/current', session)).status).toBe(204);
    expect((await t.send('GET', '/orders/121', session)).status).toBe(401);
    expect((await t.send('GET', '/orders/121', token)).status).toBe(200);
    expect((await t.send('DELETE', '/sessions/current', token)).status).toBe(400);
  });
});
