import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authenticationFirst } from './authentication-first.js';
import { brokenHeaders } from './broken-credential.js';
import { runPrinciple } from './runner.js';
import { ownTarget, prepare } from './test-kit/own-origin.js';
import { flawedOriginTarget } from './test-kit/own-origin-flaws.js';
import { scratchFolder } from './test-kit/scratch-folder.js';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { conformance, root } from './targets/test-kit/conformance-run.js';

describe('authentication-first', { timeout: 30_000 }, () => {
  it('holds on apisim\'s own origin: orders and notes answer 401 to no, a garbled or a made-up credential', async () => {
    const result = await runPrinciple(await ownTarget(), authenticationFirst, { runs: 40, fcSeed: 1 });
    expect(result.outcome, result.report).toBe('pass');
  });

  it('breaks where the description names an endpoint that does not ask who is calling, shrunk to one request', async () => {
    // apisim's own /sessions lets anyone in: described as a user's collection, it is the bug the check is for.
    const prepared = await ownTarget({}, (t) => ({ ...t, owned: [], writable: [{ name: 'sessions', collection: '/sessions', item: '/sessions/{id}', body: { username: 'alice', password: 'alice-pw' }, by: 'user' }] }));
    const result = await runPrinciple(prepared, authenticationFirst, { runs: 40, fcSeed: 1, folder: scratchFolder('auth') });
    expect(result.failed).toBe(true);
    expect(result.requestCount).toBe(1);
    expect(result.problems[0]).toMatch(/^POST \/sessions with .* was answered 201, not 401$/);
  });

  it('breaks on apisim\'s own origin when it looks the order up before gate 1, shrunk to one request for a missing order', async () => {
    // The common slip that lets a stranger map which ids exist: a missing order answers 404 before anyone asks who is calling.
    const result = await runPrinciple(await prepare(flawedOriginTarget('lookup-before-gate-one')), authenticationFirst, { runs: 40, fcSeed: 1, folder: scratchFolder('auth-lookup') });
    expect(result.failed).toBe(true);
    expect(result.requestCount).toBe(1);
    expect(result.problems[0]).toMatch(/^(GET|PATCH|DELETE) \/orders\/999999 with .* was answered 404, not 401$/);
    expect(result.scenario?.differs).toBeUndefined();
  });

  it('breaks on apisim\'s own origin when its 401 says more for an order that exists, shrunk to that request and its twin', async () => {
    const result = await runPrinciple(await prepare(flawedOriginTarget('existence-in-401')), authenticationFirst, { runs: 40, fcSeed: 1, folder: scratchFolder('auth-401') });
    expect(result.failed).toBe(true);
    expect(result.requestCount).toBe(2);
    expect(result.problems[0]).toMatch(/^(GET|PATCH|DELETE) \/orders\/12[1-4] \(which exists\) with .*Sign in to see order.*, but \/orders\/999999 \(which does not\) 401.*: the 401 tells which exists$/);
  });

  it('breaks where an OpenAPI description\'s nested collection GET, which no owned or writable kind names, answers without a credential', async () => {
    const config = openTasksConfig();
    const result = await runPrinciple(await PreparedTarget.prepare(await loadTarget(config)), authenticationFirst, { runs: 10, fcSeed: 1, folder: dirname(config) });
    expect(result.failed).toBe(true);
    expect(result.requestCount).toBe(1);
    expect(result.problems[0]).toMatch(/^GET \/projects\/999999\/tasks with .* was answered 200, not 401$/);
  });

  it('its conformance check probes that GET too', async () => {
    const run = await conformance('--config', openTasksConfig(), '--only', 'auth/401-before-403');
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/GET \/projects\/<id>\/tasks with no credential answered 200/);
  });

  it('spoils a credential in its middle and keeps its kind', () => {
    const user = { role: 'user' as const, id: undefined, headers: { cookie: 'sid=abcdef', authorization: 'Bearer aaa.bbb.ccc' } };
    expect(brokenHeaders(user, 'garbled')).toEqual({ cookie: 'sid=abcAef', authorization: 'Bearer aaa.bAb.ccc' });
    expect(brokenHeaders(user, 'made-up').cookie).toBe('sid=apisim-made-up');
    expect(brokenHeaders(user, 'none')).toEqual({});
  });
});

/**
 * The projects example with one route that skipped gate 1: the tasks of a project, listed to anyone. Its
 * description is its OpenAPI document alone, which says the route needs a credential.
 */
function openTasksConfig(): string {
  const folder = scratchFolder('auth-collection');
  const app = relative(folder, join(root, 'examples/hono-projects/app.ts'));
  writeFileSync(join(folder, 'app.ts'), `import createApp from ${JSON.stringify(app)};
export default () => {
  const app = createApp();
  return { fetch: (request: Request) => request.method === 'GET' && /^\\/projects\\/[^/]+\\/tasks$/.test(new URL(request.url).pathname) ? Response.json([]) : app.fetch(request) };
};
`);
  const users = "{ user: { headers: { authorization: 'Bearer alice-token' } }, otherUser: { headers: { authorization: 'Bearer bob-token' } } }";
  writeFileSync(join(folder, 'apisim.config.ts'), `export default { name: 'projects-open-tasks', app: { module: './app.ts', export: 'default' }, users: ${users}, openapi: '/openapi.json' };\n`);
  return join(folder, 'apisim.config.ts');
}
