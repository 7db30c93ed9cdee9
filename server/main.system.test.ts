import { describe, expect, it } from 'vitest';
import { sessionCookie } from './test-kit/demo-login.js';
import { rawExchange } from './test-kit/raw-http.js';
import { spawnServer } from './test-kit/spawned-server.js';

describe('npm start', () => {
  it('refuses a flag it does not know with the usage and exit status 2', async () => {
    const run = spawnServer(['--front', '--bogus']);
    expect((await run.exit).code).toBe(2);
    expect(run.output()).toContain('npm start: unknown option "--bogus"');
    expect(run.output()).toContain('Usage: npm start');
  });

  it('serves the origin and the front, and on SIGTERM stops and exits 0', async () => {
    const run = spawnServer(['--port', '0', '--front', '--memory']);
    const banner = await run.ready;
    expect(banner).toContain('data           in memory');
    const [origin, cache, unstable] = ['origin', 'shared cache', 'unstable line'].map((name) => new RegExp(`${name} +(http://\\S+)`).exec(banner)?.[1]);
    expect([origin, cache, unstable].every((url) => url?.startsWith('http://127.0.0.1:'))).toBe(true);
    const cookie = await sessionCookie(origin!, 'alice');
    expect((await fetch(`${cache!}/orders/121`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${origin!}/orders/123`, { headers: { cookie } })).status).toBe(403);
    // DNS rebinding: by default a name that is not loopback is answered 421 on every port; an upgrade, since
    // the proxies answer it themselves (a request would bring the origin's 421 back through them).
    const upgrade = 'GET /graphql HTTP/1.1\r\nHost: rebound.evil.example\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n';
    const rebound = await Promise.all([origin!, cache!, unstable!].map((url) => rawExchange(url, [upgrade])));
    expect(rebound.map((res) => (res === 'closed-without-response' ? res : res.status))).toEqual([421, 421, 421]);
    run.child.kill('SIGTERM');
    expect((await run.exit).code).toBe(0);
    expect(run.output()).toContain('SIGTERM: no new connections');
    expect(run.output()).toContain('Stopped.');
  });

  it('with --rate-limit off answers a burst of one caller with no 429', async () => {
    const run = spawnServer(['--port', '0', '--rate-limit', 'off', '--memory']);
    const origin = await run.originUrl();
    const cookie = await sessionCookie(origin, 'alice');
    const statuses = await Promise.all(Array.from({ length: 60 }, async () => (await fetch(`${origin}/orders/121`, { headers: { cookie } })).status));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    run.child.kill('SIGTERM');
    expect((await run.exit).code).toBe(0);
  });

  it('refuses a caller\'s notes past 4 MiB with 507 quota-exceeded, and another caller still writes', async () => {
    const run = spawnServer(['--port', '0', '--rate-limit', 'off', '--memory']);
    const origin = await run.originUrl();
    const [alice, bob] = [await sessionCookie(origin, 'alice'), await sessionCookie(origin, 'bob')];
    const post = (cookie: string) => fetch(`${origin}/notes`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'n'.repeat(60_000) }) });
    const statuses: number[] = [];
    for (let i = 0; i < 72; i++) statuses.push((await post(alice)).status);
    // 4 MiB holds 69 notes of 60,000 bytes.
    expect([statuses.slice(0, 69).every((s) => s === 201), statuses.slice(69)]).toEqual([true, [507, 507, 507]]);
    const refused = await post(alice);
    expect(await refused.json()).toMatchObject({ type: '/problems/quota-exceeded', limit: 'bytes', max: 4 * 1024 * 1024 });
    expect((await post(bob)).status).toBe(201);
    run.child.kill('SIGTERM');
    expect((await run.exit).code).toBe(0);
  });

  it('refuses a caller\'s users past 1,000 with 507 quota-exceeded, and another caller still creates', async () => {
    const run = spawnServer(['--port', '0', '--rate-limit', 'off', '--memory']);
    const origin = await run.originUrl();
    const [alice, bob] = [await sessionCookie(origin, 'alice'), await sessionCookie(origin, 'bob')];
    const create = async (cookie: string, i: number) => (await fetch(`${origin}/users`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: `u${i}`, email: `u${i}@example.com` }) })).status;
    const statuses: number[] = [];
    for (let batch = 0; batch < 50; batch++) statuses.push(...await Promise.all(Array.from({ length: 20 }, (_, i) => create(alice, batch * 20 + i))));
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const refused = await fetch(`${origin}/users`, { method: 'POST', headers: { cookie: alice, 'content-type': 'application/json' }, body: '{"name":"one more","email":"m@example.com"}' });
    expect([refused.status, await refused.json()]).toMatchObject([507, { type: '/problems/quota-exceeded', limit: 'users', max: 1_000, used: 1_000 }]);
    expect(await create(bob, 0)).toBe(201);
    run.child.kill('SIGTERM');
    expect((await run.exit).code).toBe(0);
  });
});
