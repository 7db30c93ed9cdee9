import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { allChecks } from '../conformance/check-list.js';
import { shellWords } from '../conformance/curl-command.js';
import type { JsonReport } from '../conformance/json-report.js';
import { conformance, root } from './test-kit/conformance-run.js';

const exec = promisify(execFile);
const flawed = 'examples/express-orders/apisim-flawed.config.ts';
const correct = 'examples/express-orders/apisim.config.ts';
const ownLoginOnly = 'properties/targets/test-kit/apisim-login-only.config.ts';
const ownOwnerCheck = 'properties/targets/test-kit/apisim-owner-check.config.ts';

async function report(...args: string[]): Promise<{ readonly code: number; readonly report: JsonReport<'replay'> }> {
  const ran = await conformance(...args, '--json');
  if (ran.stdout === '') throw new Error(`no report (exit ${ran.code}): ${ran.stderr}`);
  return { code: ran.code, report: JSON.parse(ran.stdout) as JsonReport<'replay'> };
}

const outcomes = (r: JsonReport<'replay'>) => Object.fromEntries(r.checks.map((c) => [c.name, c.outcome]));

describe('npx apisim conformance --config: the checks in the simulator', () => {
  it('the flawed orders app fails owner isolation as a process, printing the command that replays it', async () => {
    // A failed run exits 1, which execFile reports as an error carrying the output.
    const ran = await exec(process.execPath, ['--conditions=apisim-source', '--import', 'tsx', 'api/cli/apisim.ts', 'conformance', '--config', flawed], { cwd: root }).catch((error: unknown) => error as { code: number; stdout: string; stderr: string });
    expect('code' in ran ? ran.code : 0).toBe(1);
    expect(ran.stdout).toMatch(/^orders\/owner-isolation +FAIL /m);
    expect(ran.stdout).toContain(`reproduce: npx apisim conformance --config ${flawed} --only orders/owner-isolation --seed 1`);
    expect(ran.stdout).not.toContain('curl');
    expect(ran.stderr).not.toMatch(/\n\s+at /);
  });

  it('the whole suite takes its timings on the virtual clock', async () => {
    const ran = await conformance('--config', flawed);
    expect(ran.stdout).toMatch(/17 requests in 2\.3 s against/);
  });

  it('the replay command it prints runs the failing check alone and fails it the same way', async () => {
    const { code, report: first } = await report('--config', flawed);
    expect(code).toBe(1);
    const failed = first.checks.find((c) => c.name === 'orders/owner-isolation')!;
    expect(failed.outcome).toBe('fail');
    const command = failed.findings[0]!.replay;
    const words = shellWords(command);
    expect(words.slice(0, 3)).toEqual(['npx', 'apisim', 'conformance']);
    const replayed = await report(...words.slice(3));
    expect(replayed.code).toBe(1);
    expect(replayed.report.checks.map((c) => [c.name, c.outcome])).toEqual([['orders/owner-isolation', 'fail']]);
    const again = replayed.report.checks[0]!;
    // Alone, the check makes the first orders of the run, so only their numbers differ.
    const numbersAside = (findings: readonly { readonly what: string }[]) => findings.map((f) => f.what.replace(/\d+/g, 'N'));
    expect(numbersAside(again.findings)).toEqual(numbersAside(failed.findings));
    expect(again.findings[0]!.got).toMatch(/^200 \{"id":"\d+","owner":"alice"/);
    // One seed decides the run: the same command twice is the same report, virtual timings included.
    expect((await report(...words.slice(3))).report).toEqual(replayed.report);
  });

  it('the correct orders app passes every check that applies; the rest skip, saying what to declare', async () => {
    const { code, report: r } = await report('--config', correct);
    expect(code).toBe(0);
    expect(outcomes(r)).toMatchObject({ 'auth/401-before-403': 'pass', 'orders/owner-isolation': 'pass' });
    const skipped = r.checks.filter((c) => c.outcome === 'skip');
    expect(skipped).toHaveLength(allChecks.length - 2);
    for (const check of skipped) expect(check.reason).toMatch(/declare/);
  });

  it('apisim\'s own origin: login-only fails owner isolation alone; owner-check passes every check but an OpenAPI description\'s', async () => {
    const loginOnly = await report('--config', ownLoginOnly);
    expect(loginOnly.code).toBe(1);
    expect(loginOnly.report.checks.filter((c) => c.outcome !== 'pass' && !c.name.startsWith('openapi/')).map((c) => [c.name, c.outcome])).toEqual([['orders/owner-isolation', 'fail']]);
    const ownerCheck = await report('--config', ownOwnerCheck);
    expect(ownerCheck.code).toBe(0);
    expect(ownerCheck.report.checks.map((c) => [c.name, c.outcome])).toEqual(allChecks.map((c) => [c.name, c.name.startsWith('openapi/') ? 'skip' : 'pass']));
  });

  it.each(['unstable', 'lossy', 'crash'])('apisim\'s own origin passes on the %s line, the client re-sending with keys', async (line) => {
    const { code, report: r } = await report('--config', ownOwnerCheck, '--line', line, '--seed', '2');
    expect(r.checks.filter((c) => c.outcome !== 'pass' && !c.name.startsWith('openapi/')).map((c) => `${c.name}: ${c.reason}`)).toEqual([]);
    expect(code).toBe(0);
  });

  // The Hono notes app honours keys on POST only: a DELETE re-sent after its 204 was lost is answered 404,
  // which is the state one DELETE leaves. Its module exports restart(app), so it can be crashed too.
  it.each(['stable', 'unstable', 'lossy', 'crash'])('the Hono notes app passes every notes check on the %s line', async (line) => {
    const { code, report: r } = await report('--config', 'examples/hono-notes/apisim.config.ts', '--line', line);
    expect(r.checks.filter((c) => c.outcome === 'pass').map((c) => c.name)).toEqual([
      'notes/use-after-delete-404', 'notes/put-idempotent', 'notes/delete-idempotent', 'notes/post-idempotency-key-once', 'cache/unsafe-invalidates',
    ]);
    expect(r.checks.filter((c) => c.outcome === 'fail' || c.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
  });

  // The Yoga graph is not the spec's schema: the depth check grows its declared Person query along friends.
  it('the Yoga graph without its limit fails the depth check, printing the command that replays it', async () => {
    const yogaFlawed = 'examples/yoga-graph/apisim-flawed.config.ts';
    const ran = await conformance('--config', yogaFlawed);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^graph\/depth-limit-before-execution +FAIL +\d+ +the Person query grown to 6 fields deep \(limit 5\) got a `data` member: it was executed$/m);
    expect(ran.stdout).toContain(`reproduce: npx apisim conformance --config ${yogaFlawed} --only graph/depth-limit-before-execution --seed 1`);
    const { code, report: r } = await report('--config', yogaFlawed);
    const command = r.checks.find((c) => c.name === 'graph/depth-limit-before-execution')!.findings[0]!.replay;
    const replayed = await report(...shellWords(command).slice(3));
    expect(replayed.code).toBe(1);
    expect(replayed.report.checks.map((c) => [c.name, c.outcome])).toEqual([['graph/depth-limit-before-execution', 'fail']]);
    expect(code).toBe(1);
  });

  it('the Yoga graph with its limit passes the depth check: depth 6 refused, depth 5 executed', async () => {
    const { code, report: r } = await report('--config', 'examples/yoga-graph/apisim.config.ts');
    expect(code).toBe(0);
    const depth = r.checks.find((c) => c.name === 'graph/depth-limit-before-execution')!;
    expect(depth.outcome).toBe('pass');
    // The status is not judged: the same Yoga app answers its refusal 400 under vitest and 200 under tsx (the CLI).
    expect(depth.reason).toMatch(/^the Person query grown to depth 6 refused \((200|400) GRAPHQL_VALIDATION_FAILED\), at depth 5 executed; no mutation sent \(the target declares none to grow\)$/);
    expect(outcomes(r)).toMatchObject({ 'graph/field-exact': 'pass', 'graph/cost-limit-before-execution': 'skip' });
  });

  it('--line crash on a guest\'s app is a usage error that says why', async () => {
    const ran = await conformance('--config', correct, '--line', 'crash');
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/--line crash needs an app that can restart: .* exports no restart\(app\)/);
  });
});

describe('a config that is not a target', () => {
  const folder = mkdtemp(join(tmpdir(), 'apisim-conformance-'));
  afterAll(async () => rm(await folder, { recursive: true, force: true }));

  let files = 0;
  it.each([
    ['an unknown field', `{ app: { apisim: {} }, users: undefined, owend: [] }`, /\(top level\): unknown field "owend"/],
    ['a wrong type', `{ app: { apisim: {} }, owned: [{ name: 'orders', path: 7, ids: { user: ['1'] } }] }`, /owned\.0\.path: .*expected string/i],
    ['a path without its id', `{ app: { apisim: {} }, owned: [{ name: 'orders', path: '/orders', ids: { user: ['1'] } }] }`, /owned\.0\.path: must name the id as \{id\}/],
  ])('%s: exit 2, the field named, no stack trace', async (_what, config, message) => {
    const file = join(await folder, `config-${++files}.ts`);
    await writeFile(file, `export default ${config};\n`);
    const ran = await conformance('--config', file);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(message);
    expect(ran.stderr).toContain(file);
    expect(ran.stderr).not.toMatch(/\n\s+at /);
    expect(ran.stdout).toBe('');
  });

  it('a declared query with no type below itself: the depth check skips, saying what to declare', async () => {
    const file = join(await folder, `config-${++files}.ts`);
    const app = join(root, 'examples/yoga-graph/app.ts');
    await writeFile(file, `export default { name: 'shallow', app: { module: ${JSON.stringify(app)}, export: 'default' }, graph: { path: '/graphql', queries: { Person: '{ person(id: "1") { name } }' }, maxDepth: 5 } };\n`);
    const { code, report: r } = await report('--config', file, '--only', 'graph/depth-limit-before-execution');
    // Nothing passed and nothing failed: not a green run.
    expect(code).toBe(3);
    expect(r.checks.map((c) => [c.outcome, c.reason])).toEqual([['skip', expect.stringMatching(/no type of the Person query's answer comes back below itself\. Declare a query whose answer follows a cycle/)]]);
  });

  it('options the config says for itself are refused beside it', async () => {
    const ran = await conformance('--config', correct, '--order-ids', '1-3');
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/--order-ids does not go with --config/);
    expect((await conformance('--config', correct, '--cache-url', 'http://127.0.0.1:1')).stderr).toMatch(/--cache-url is for a run over sockets: with --config, give --base-url too/);
    expect((await conformance('--config', correct, '--base-url', 'http://127.0.0.1:1', '--seed', '3')).stderr).toMatch(/--seed is for a run in the simulator: give --config without --base-url/);
    expect((await conformance('--base-url', 'http://127.0.0.1:1', '--seed', '3')).stderr).toMatch(/--seed is for a run in the simulator/);
    expect((await conformance('--config', 'no/such/apisim.config.ts')).stderr).toMatch(/no target config at/);
  });
});
