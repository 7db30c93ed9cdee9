import { describe, expect, it } from 'vitest';
import { setCookieValue } from '../http/set-cookie-list.js';
import { TestOrigin, testEnvironment } from '../testing-kit.js';
import { deviceLifetimeUs, TokenIssuer } from './tokens.js';

/** OWASP's device cookies: a browser that once logged in as a name is not locked out by others' failures for it. */
describe('device cookies', () => {
  const login = (t: TestOrigin, username: string, password: string, device?: string) =>
    t.send('POST', '/sessions', device === undefined ? {} : { cookie: `device=${device}` }, { username, password });

  async function deviceOf(t: TestOrigin, username: string): Promise<string> {
    const res = await login(t, username, `${username}-pw`);
    expect(res.status).toBe(201);
    return setCookieValue(res.headers, 'device')!;
  }

  async function lockOut(t: TestOrigin, username: string, device?: string): Promise<void> {
    for (let i = 0; i < 10; i++) expect((await login(t, username, `wrong-${i}`, device)).status).toBe(401);
  }

  it('lets the owner\'s known browser log in while the name is locked out, and nobody else', async () => {
    const t = new TestOrigin();
    const device = await deviceOf(t, 'bob');
    await lockOut(t, 'bob');
    expect((await login(t, 'bob', 'bob-pw')).status).toBe(429);
    expect((await login(t, 'bob', 'bob-pw', device)).status).toBe(201);
    // Still a password check: a known browser with the wrong password is refused like any other.
    expect((await login(t, 'bob', 'wrong', device)).status).toBe(401);
  });

  it('locks a known browser by its own failures only, and leaves the name to others', async () => {
    const t = new TestOrigin();
    const device = await deviceOf(t, 'bob');
    const other = await deviceOf(t, 'bob');
    await lockOut(t, 'bob', device);
    const locked = await login(t, 'bob', 'bob-pw', device);
    expect([locked.status, (JSON.parse(locked.body!) as { detail: string }).detail]).toEqual([429, expect.stringContaining('this device') as unknown]);
    expect((await login(t, 'bob', 'bob-pw')).status).toBe(201);
    expect((await login(t, 'bob', 'bob-pw', other)).status).toBe(201);
  });

  it('counts a cookie for another name, a tampered one, an expired one or an access token as no device', async () => {
    const t = new TestOrigin();
    const alices = await deviceOf(t, 'alice');
    const bobs = await deviceOf(t, 'bob');
    const token = (await t.token('bob')).authorization!.slice('Bearer '.length);
    // Signed with the origin's own key, issued a month and a second before now.
    const expired = await new TokenIssuer(testEnvironment().signingKey, () => 'x').issueDevice('bob', 'old', -deviceLifetimeUs - 1_000_000);
    const fresh = await new TokenIssuer(testEnvironment().signingKey, () => 'x').issueDevice('bob', 'new', -1_000_000);
    await lockOut(t, 'bob');
    const tampered = `${bobs.slice(0, -2)}${bobs.endsWith('A') ? 'B' : 'A'}${bobs.slice(-1)}`;
    for (const cookie of [alices, tampered, token, expired]) expect((await login(t, 'bob', 'bob-pw', cookie)).status).toBe(429);
    expect((await login(t, 'bob', 'bob-pw', fresh)).status).toBe(201);
  });

  it('sets it HttpOnly, Secure, SameSite=Strict, for /sessions only, for a month', async () => {
    const t = new TestOrigin();
    const res = await login(t, 'carol', 'carol-pw');
    const field = res.headers['set-cookie']!.split('\n')[1]!;
    expect(field).toBe(`device=${setCookieValue(res.headers, 'device')!}; Max-Age=${deviceLifetimeUs / 1_000_000}; Path=/sessions; HttpOnly; Secure; SameSite=Strict`);
  });
});
