import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { allChecks } from './check-list.js';
import { parseConformanceCli } from './conformance-options.js';
import { exitCode } from './conformance-command.js';
import { sameEndpoint } from './service-shape.js';
import type { Outcome } from './suite-run.js';
import { parseCredential } from './credential-spec.js';
import { isLoopbackUrl } from './loopback.js';
import { conformance, demoUsers } from './suite-under-test.js';

const exec = promisify(execFile);

/** The command as `npm run conformance` runs it (`apisim conformance`), in a process of its own, for its exit code. */
async function cli(...args: string[]): Promise<{ readonly code: number; readonly stderr: string }> {
  try {
    const { stderr } = await exec(process.execPath, ['--conditions=apisim-source', '--import', 'tsx', 'api/cli/apisim.ts', 'conformance', ...args]);
    return { code: 0, stderr };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

const local = ['--base-url', 'http://127.0.0.1:9', ...demoUsers];

describe('the command line', () => {
  test.each([
    [[...demoUsers], /--base-url is required: the suite has no default target/],
    [['--base-url', 'http://127.0.0.1:9', '--user', 'alice:alice-pw'], /--user and --other-user are both required/],
    [['--base-url', 'http://127.0.0.1:9', '--user', 'alice:pw', '--other-user', 'alice:pw'], /must be two different users/],
    [['--base-url', 'ftp://127.0.0.1', ...demoUsers], /--base-url must be http or https/],
    [['--base-url', 'not a url', ...demoUsers], /--base-url is not a URL/],
    [[...local, '--only', 'orders/owner-isolation,notes/nope'], /--only: no check named notes\/nope/],
    [[...local, '--max-requests', '0'], /--max-requests must be a positive whole number, got "0"/],
    [[...local, '--timeout-ms', '1.5'], /--timeout-ms must be a positive whole number/],
    [[...local, '--order-ids', '121-'], /--order-ids must be a range/],
    [[...local, '--idempotency-key-style', 'quoted'], /--idempotency-key-style must be sf-string or bare/],
    [[...local, '--persisted-queries', 'maybe'], /--persisted-queries must be apq or off/],
    [[...local, '--bogus'], /unknown option "--bogus"/],
    [[...local, '--base-ur', 'http://127.0.0.1:9'], /unknown option "--base-ur"; did you mean --base-url\?/],
    [[...local, 'extra'], /unexpected argument "extra"/],
    [['--base-url', 'http://127.0.0.1:9', '--user', 'alice', '--other-user', 'bob:pw'], /--user: "alice" is not a credential/],
    [[...local, '--public', 'post /users'], /--public must list endpoints as 'METHOD \/path'/],
    [['--config', 'apisim.config.ts', '--public', 'POST /users'], /--public is for a run over sockets/],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const ran = await conformance(args);
    expect([ran.code, ran.stdout]).toEqual([2, '']);
    expect(ran.stderr).toMatch(message);
  });

  test.each(['http://example.com', 'http://10.0.0.5:3000', 'https://api.example.org/v1', 'http://127.0.0.1.example.com'])('a remote target %s is refused without --allow-remote', async (url) => {
    const ran = await conformance(['--base-url', url, ...demoUsers]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/is not this machine; the suite creates and deletes data, so a remote target needs --allow-remote/);
    expect(parseConformanceCli(['--base-url', url, ...demoUsers, '--allow-remote']).kind).toBe('run');
  });

  test('--public and --require-all: the endpoints as written, whatever their ids are called', () => {
    expect(parseConformanceCli([...local, '--public', 'POST /users, GET /health', '--require-all'])).toMatchObject({
      kind: 'run', options: { requireAll: true, publicEndpoints: [{ method: 'POST', path: '/users' }, { method: 'GET', path: '/health' }] },
    });
    expect(sameEndpoint({ method: 'GET', path: '/users/{id}' }, { method: 'GET', path: '/users/<user_id>' })).toBe(true);
    expect(sameEndpoint({ method: 'PUT', path: '/users/{id}' }, { method: 'GET', path: '/users/<user_id>' })).toBe(false);
  });

  test('the exit code: a failure or an error is 1; nothing passed or failed is 3; --require-all fails a run with a skip or a could-not-run', () => {
    const of = (...outcomes: Outcome[]) => outcomes.map((outcome) => ({ outcome }));
    expect([exitCode(of('pass', 'skip'), false), exitCode(of('pass', 'fail'), false), exitCode(of('skip', 'error'), false)]).toEqual([0, 1, 1]);
    expect([exitCode(of('skip', 'unrun'), false), exitCode(of(), false), exitCode(of('skip', 'unrun'), true)]).toEqual([3, 3, 1]);
    expect([exitCode(of('pass', 'unrun'), true), exitCode(of('pass', 'pass'), true)]).toEqual([1, 0]);
  });

  test('--config with --base-url: users optional, only the settings typed are given, the rest left to the description', () => {
    const line = parseConformanceCli(['--config', 'apisim.config.ts', '--base-url', 'http://127.0.0.1:9/', '--order-ids', '1-2', '--persisted-queries', 'off', '--other-user', 'bob:pw']);
    expect(line).toMatchObject({
      kind: 'run-described',
      options: { configFile: 'apisim.config.ts', baseUrl: 'http://127.0.0.1:9', user: undefined, otherUser: { kind: 'login', username: 'bob' }, given: { orderIds: [1, 2], persistedQueries: 'off' } },
    });
    expect(Object.keys(line.kind === 'run-described' ? line.options.given : {})).toEqual(['orderIds', 'persistedQueries']);
    expect(parseConformanceCli(['--config', 'apisim.config.ts', '--base-url', 'http://example.com'])).toMatchObject({ kind: 'usage-error', error: expect.stringMatching(/needs --allow-remote/) as unknown });
    expect(parseConformanceCli(['--config', '', '--base-url', 'http://127.0.0.1:9'])).toEqual({ kind: 'usage-error', error: '--config needs a file' });
  });

  test('a remote cache is refused too', () => {
    expect(parseConformanceCli([...local, '--cache-url', 'http://cache.example.com'])).toEqual({ kind: 'usage-error', error: expect.stringMatching(/^--cache-url cache\.example\.com is not this machine/) as unknown });
  });

  test('loopback is localhost, 127.0.0.0/8 and ::1, by name only', () => {
    // The WHATWG parser normalizes first: 2130706433 is 127.0.0.1 written as one number.
    const loopback = ['http://localhost:3000', 'http://api.localhost', 'http://127.0.0.1', 'http://127.255.0.9:80', 'http://[::1]:3000', 'http://2130706433'];
    const remote = ['http://localhost.example.com', 'http://128.0.0.1', 'http://[::2]', 'http://0.0.0.0', 'http://[::ffff:7f00:1]'];
    expect(loopback.map((u) => isLoopbackUrl(new URL(u)))).toEqual(loopback.map(() => true));
    expect(remote.map((u) => isLoopbackUrl(new URL(u)))).toEqual(remote.map(() => false));
  });

  test('credentials: log in for a session or a token, or take a bearer token or a cookie as given', () => {
    expect(parseCredential('alice:pw:with:colons')).toEqual({ ok: true, spec: { kind: 'login', via: 'session', username: 'alice', password: 'pw:with:colons' } });
    expect(parseCredential('token:bob:bob-pw')).toEqual({ ok: true, spec: { kind: 'login', via: 'token', username: 'bob', password: 'bob-pw' } });
    expect(parseCredential('bearer:eyJ.x.y')).toEqual({ ok: true, spec: { kind: 'bearer', token: 'eyJ.x.y' } });
    expect(parseCredential('cookie:sid=a=b')).toEqual({ ok: true, spec: { kind: 'cookie', name: 'sid', value: 'a=b' } });
    expect(parseCredential('cookie:sid')).toMatchObject({ ok: false });
  });

  test('defaults are the spec demonstration and apisim choices; the budget covers every check twice', () => {
    const line = parseConformanceCli(local);
    if (line.kind !== 'run') throw new Error(line.kind);
    expect(line.options.settings).toEqual({ orderIds: [121, 122, 123, 124, 125, 126], noteField: 'content', idempotencyKeyStyle: 'sf-string', graphUserId: undefined, graphMaxDepth: undefined, persistedQueries: 'apq' });
    expect(line.options.maxRequests).toBe(2 * allChecks.reduce((n, c) => n + c.maxRequests, 0) + 50);
    expect(new Set(allChecks.map((c) => c.name)).size).toBe(allChecks.length);
    for (const check of allChecks) expect(check.name).toMatch(/^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test('--list and --help need no target and exit 0', async () => {
    const list = await conformance(['--list']);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n').filter((l) => !l.startsWith(' ') && l !== '')).toEqual(allChecks.map((c) => c.name));
    expect((await conformance(['--help'])).stdout).toMatch(/^Usage: npm run conformance -- --base-url <url>/);
  });

  test('the process exits 2 on a remote target, as npm run conformance runs it', async () => {
    const remote = await cli('--base-url', 'http://example.com', ...demoUsers);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toMatch(/needs --allow-remote/);
  });
});
