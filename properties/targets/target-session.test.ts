import { describe, expect, it } from 'vitest';
import { runGuestScenario } from '../../sim/host/run-guest-scenario.js';
import { loadAppModule } from '../../sim/host/app-module/app-module.js';
import { parseScenario } from '../../sim/scenario/spec.js';
import { parseTarget, TargetError } from './define-target.js';
import { loadTarget } from './load-target.js';
import { PreparedTarget, SignInUnanswered } from './target-session.js';

const flawed = new URL('../../examples/express-orders/apisim-flawed.config.ts', import.meta.url);

describe('a session against a target', { timeout: 20_000 }, () => {
  it('signs each user in the target\'s way on first use, and its recording replays with the same trace hash', async () => {
    const prepared = await PreparedTarget.prepare(await loadTarget(flawed));
    const run = await prepared.open({ seed: 3 });
    try {
      const created = await run.send('user', { method: 'POST', path: '/orders', body: { item: 'tea', quantity: 2 } });
      expect(created.response?.status).toBe(201);
      const read = await run.send('other-user', { method: 'GET', path: '/orders/1' });
      expect(read.response?.status).toBe(200);
      const anonymous = await run.send('anonymous', { method: 'GET', path: '/orders/1' });
      expect(anonymous.response?.status).toBe(401);
      const record = run.session.record('x');
      const folder = new URL('.', flawed).pathname;
      const scenario = run.scenario('x', 'y', folder);
      expect(scenario.origin).toEqual({ module: './app.ts', export: 'flawed' });
      expect(scenario.steps).toHaveLength(5);
      run.close();
      const module = await loadAppModule(parseScenario(scenario).origin!, `${folder}x.json`);
      const replay = await runGuestScenario('x', parseScenario(scenario), { seed: 3, ...module.guest });
      expect(replay.summary.map((s) => s.status)).toEqual([204, 201, 204, 200, 401]);
      expect(replay.traceHash).toBe(record.traceHash);
    } finally {
      run.close();
    }
  });
});

describe('a user\'s sign-in', { timeout: 20_000 }, () => {
  const folder = new URL('.', flawed).pathname;
  const withLogin = (password: string) => parseTarget({
    app: { module: './app.ts', export: 'flawed' },
    users: {
      user: { login: { path: '/login', body: { user: 'alice', password } }, id: 'alice' },
      otherUser: { login: { path: '/login', body: { user: 'bob', password: 'bob-password' } }, id: 'bob' },
    },
  }, `${folder}apisim.config.ts`);

  it('is one step of the user\'s own client, marked as a sign-in, and recorded with its body as the description wrote it', async () => {
    const run = await (await PreparedTarget.prepare({ target: withLogin('alice-password'), file: `${folder}apisim.config.ts` })).open({ seed: 1 });
    try {
      await run.send('user', { method: 'GET', path: '/orders/1' });
      const [signIn, read] = run.scenario('x', 'y', folder).steps;
      expect(signIn).toMatchObject({ client: 'user', method: 'POST', path: '/login', body: { user: 'alice', password: 'alice-password' } });
      expect(signIn).not.toHaveProperty('rawBody');
      expect(read).toMatchObject({ client: 'user', path: '/orders/1' });
      expect([run.isSignIn(0), run.isSignIn(1)]).toEqual([true, false]);
    } finally {
      run.close();
    }
  });

  it('refused is a TargetError in the words the checks use over sockets', async () => {
    const run = await (await PreparedTarget.prepare({ target: withLogin('wrong'), file: `${folder}apisim.config.ts` })).open({ seed: 1 });
    try {
      const error = await run.caller('user').then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(TargetError);
      expect(error).not.toBeInstanceOf(SignInUnanswered);
      expect((error as Error).message).toMatch(/^users\.user: POST \/login as alice answered 401 .*: the checks need both users signed in$/);
      expect(run.isSignIn(0)).toBe(true);
    } finally {
      run.close();
    }
  });
});

describe('users whose headers a function makes', { timeout: 20_000 }, () => {
  const hono = new URL('../../examples/hono-notes/apisim.config.ts', import.meta.url).pathname;
  const target = (headers: unknown) => parseTarget({
    app: { module: './app.ts' },
    users: { user: { headers }, otherUser: { headers: { authorization: 'Bearer bob' } } },
  }, hono);

  it('calls it once per run, inside the run\'s world: what it reads of the clock is virtual', async () => {
    let calls = 0;
    const prepared = await PreparedTarget.prepare({ target: target(() => ({ authorization: `Bearer alice-${++calls}`, 'x-signed-at': new Date().toISOString() })), file: hono });
    for (const expected of [1, 2]) {
      const run = await prepared.open({ seed: 1 });
      try {
        const read = await run.send('user', { method: 'GET', path: '/notes' });
        expect(read.request.headers).toMatchObject({ authorization: `Bearer alice-${expected}`, 'x-signed-at': '2026-01-01T00:00:00.000Z' });
        await run.send('user', { method: 'GET', path: '/notes' });
        expect(calls).toBe(expected);
      } finally {
        run.close();
      }
    }
  });

  it('a function that throws, or returns what is not headers, is a TargetError that says so', async () => {
    for (const [headers, message] of [
      [() => { throw new Error('no key'); }, /user's headers function threw: no key/],
      [async () => Promise.resolve({ authorization: 7 }), /user's headers function returned \{"authorization":7\}, not an object of header names and string values/],
    ] as const) {
      const run = await (await PreparedTarget.prepare({ target: target(headers), file: hono })).open({ seed: 1 });
      try {
        await expect(run.send('user', { method: 'GET', path: '/notes' })).rejects.toThrow(message);
      } finally {
        run.close();
      }
    }
  });

  it('what is neither headers nor a function is refused where the description is read', () => {
    expect(() => target('Bearer alice')).toThrow('users.user.headers: must be headers (HTTP header names, each to a string), or a function that returns them');
  });
});
