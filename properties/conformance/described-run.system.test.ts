import { afterEach, describe, expect, test } from 'vitest';
import type { RunningServer } from '../../server/listening-server.js';
import { startOriginServer } from '../../server/origin-server.js';
import { allChecks } from './check-list.js';
import { runConformance } from './conformance-command.js';
import type { LoginRequest } from './credential-spec.js';
import type { ConfigReaders, DescribedTarget } from './described-target.js';
import type { JsonReport } from './json-report.js';
import { specShape } from './service-shape.js';
import { withGivenSettings } from './shape-overrides.js';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** apisim's own sign-in by token, as a description writes it: `POST /tokens`, the credential in `access_token`. */
const tokenLogin = (username: string, member = 'access_token'): LoginRequest => ({
  kind: 'request', label: username, method: 'POST', path: '/tokens', headers: {}, body: { username, password: `${username}-pw` }, credential: { bearer: member },
});

/**
 * What `properties/targets/` would read from a description of apisim's own origin whose users sign in by token.
 */
const tokensDescribed = (member?: string): DescribedTarget => ({
  name: 'apisim-tokens',
  shape: specShape({ orderIds: [121, 122, 123, 124, 125, 126], noteField: 'content', idempotencyKeyStyle: 'sf-string', graphUserId: undefined, graphMaxDepth: undefined, persistedQueries: 'apq' }),
  users: { user: { credential: tokenLogin('alice', member), id: undefined }, otherUser: { credential: tokenLogin('bob', member), id: undefined } },
});

/** `--config <file> --base-url <url>` with a reader that hands back `described`, whatever the file. */
async function described(target: DescribedTarget, ...args: string[]): Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string }> {
  const readers: ConfigReaders = {
    openInProcess: () => Promise.reject(new Error('not in the simulator')),
    describe: () => Promise.resolve(target),
  };
  let stdout = '';
  let stderr = '';
  const code = await runConformance(['--config', 'apisim-tokens.config.ts', ...args], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, readers);
  return { code, stdout, stderr };
}

describe('a description\'s login request over sockets', () => {
  test('apisim\'s own server, both users signed in by POST /tokens: every check but the cache\'s and an OpenAPI description\'s passes', async () => {
    const origin = await startOriginServer({ settings: { rateLimit: { burst: 1_000, refillPerSecond: 1_000 } } });
    running.push(origin);
    const ran = await described(tokensDescribed(), '--base-url', origin.url, '--json');
    // The ids come from the answer (user_id), so the graph checks query the user's own record.
    expect(ran.stderr).toContain(`against ${origin.url}, described by apisim-tokens.config.ts (apisim-tokens) as alice (user 1) and bob (user 2)`);
    const report = JSON.parse(ran.stdout) as JsonReport;
    expect(report.checks.map((c) => [c.name, c.outcome])).toEqual(allChecks.map((c) => [c.name, c.name === 'cache/unsafe-invalidates' || c.name.startsWith('openapi/') ? 'skip' : 'pass']));
    expect(ran.code).toBe(0);
  });

  test('a member the answer does not have stops the run before any check, naming the description\'s user', async () => {
    const origin = await startOriginServer();
    running.push(origin);
    const ran = await described(tokensDescribed('token'), '--base-url', origin.url);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^conformance: users\.user: POST \/tokens as alice answered no "token" string in its body: 200 /);
    expect(ran.stdout).toBe('');
  });

  test('--user from the command line replaces the description\'s user', async () => {
    const origin = await startOriginServer();
    running.push(origin);
    const ran = await described(tokensDescribed(), '--base-url', origin.url, '--user', 'bearer:not-a-token', '--only', 'orders/owner-isolation');
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/user: the credential of bearer token is not accepted: GET \/orders\/121 answered 401/);
  });

  test('a description without users takes both from the command line, and not one alone', async () => {
    const origin = await startOriginServer();
    running.push(origin);
    const withoutUsers = { ...tokensDescribed(), users: undefined };
    const one = await described(withoutUsers, '--base-url', origin.url, '--user', 'alice:alice-pw');
    expect([one.code, one.stderr]).toEqual([2, 'conformance: apisim-tokens.config.ts declares no users: give both --user and --other-user (owner isolation needs two)\n']);
    const both = await described(withoutUsers, '--base-url', origin.url, '--user', 'alice:alice-pw', '--other-user', 'token:bob:bob-pw', '--only', 'orders/owner-isolation');
    expect(both.stderr).toContain('as alice (user 1) and bob (user 2)');
    expect(both.code).toBe(0);
  });
});

describe('the command line over a described shape', () => {
  const shape = tokensDescribed().shape;

  test('each option given wins over the description; one not given leaves it as described', () => {
    const tuned = withGivenSettings(shape, { orderIds: [7, 8], noteField: 'text', idempotencyKeyStyle: 'bare', graphMaxDepth: 4 });
    if ('errors' in tuned) throw new Error(tuned.errors.join('; '));
    expect(tuned.owned[0]!.probeIds).toEqual(['7', '8']);
    expect([tuned.writable!.field, tuned.writable!.body]).toEqual(['text', { content: '', text: '' }]);
    expect(tuned.idempotencyKey).toEqual({ header: 'idempotency-key', style: 'bare' });
    expect([tuned.graph!.maxDepth, tuned.graph!.persisted]).toEqual([4, 'apq']);
    expect(withGivenSettings(shape, {})).toEqual(shape);
  });

  test('an option with nothing to tune is refused, saying what the description lacks', () => {
    const bare = { ...shape, owned: [], writable: undefined, graph: undefined, idempotencyKey: undefined };
    expect(withGivenSettings(bare, { orderIds: [1], persistedQueries: 'off' })).toEqual({
      errors: ['--order-ids: the description declares no owned objects (owned) for it to tune', '--persisted-queries: the description declares no graph for it to tune'],
    });
    expect(withGivenSettings(bare, { idempotencyKeyStyle: 'sf-string' })).toMatchObject({ idempotencyKey: { header: 'idempotency-key', style: 'sf-string' } });
  });
});
