import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeMain } from '../api/cli/describe-main.js';
import createApp from '../examples/hono-projects/app.js';
import type { SessionRecord } from '../sim/session/session.js';
import { answersKeepToSchema } from './answers-keep-to-schema.js';
import { checkTargetCoverage } from './check-target.js';
import { coveredPercent, coverageText, operationAt, uncovered } from './conformance/coverage-matrix.js';
import { CoverageTally } from './coverage.js';
import { ownerIsolation } from './owner-isolation.js';
import { broken, couldNotRun, held } from './principle.js';
import { conformance, root } from './targets/test-kit/conformance-run.js';
import { scratchFolder } from './test-kit/scratch-folder.js';

const operations = [{ method: 'GET', path: '/health' }, { method: 'POST', path: '/projects' }, { method: 'GET', path: '/projects/{projectId}' }, { method: 'DELETE', path: '/projects/{projectId}' }];
const sent = (...requests: readonly string[]): SessionRecord => ({ exchanges: requests.map((r) => ({ request: { method: r.split(' ')[0], path: r.split(' ')[1] } })) }) as unknown as SessionRecord;
const hono = join(root, 'examples/hono-projects/apisim.config.ts');

describe('operationAt', () => {
  it('matches a parameter to one segment, leaves the query out, and prefers a literal path to a template', () => {
    const paths = ['/projects/{projectId}', '/projects/new', '/projects/{projectId}/tasks/{taskId}'].map((path) => ({ method: 'GET', path }));
    const at = (path: string) => operationAt(paths, 'GET', path)?.path;
    expect([at('/projects/7'), at('/projects/new'), at('/projects/7/tasks/8?page=2'), at('/projects/7/tasks'), at('/projects/7/')]).toEqual(['/projects/{projectId}', '/projects/new', '/projects/{projectId}/tasks/{taskId}', undefined, '/projects/{projectId}']);
    expect(operationAt(paths, 'POST', '/projects/7')).toBeUndefined();
  });
});

describe('CoverageTally', () => {
  it('counts every request of a run for the operation its path matches, and combines the runs: a broken one fails the cell', () => {
    const tally = new CoverageTally(operations);
    const isolation = tally.hearing('owner-isolation');
    isolation(sent('POST /projects', 'GET /projects/7'), held('refused'));
    isolation(sent('POST /projects', 'GET /projects/8?x=1'), broken('answered 200'));
    const schema = tally.hearing('answers-keep-to-schema');
    schema(sent('GET /projects/1'), couldNotRun('no answer'));
    schema(sent('POST /projects', 'GET /nowhere'), held('as documented'));
    const matrix = tally.matrix();
    expect(matrix.cells).toEqual({
      'POST /projects': { 'owner-isolation': { outcome: 'fail' }, 'answers-keep-to-schema': { outcome: 'pass' } },
      'GET /projects/{projectId}': { 'owner-isolation': { outcome: 'fail' }, 'answers-keep-to-schema': { outcome: 'unrun', reason: 'no answer' } },
    });
    expect(uncovered(matrix)).toEqual(['GET /health', 'DELETE /projects/{projectId}']);
    expect(coveredPercent(matrix)).toBe(50);
    expect(coverageText(matrix).split('\n')).toEqual([
      'operation                     p1    p2',
      'GET /health                   -     -',
      'POST /projects                FAIL  pass',
      'GET /projects/{projectId}     FAIL  unrun',
      'DELETE /projects/{projectId}  -     -',
      '',
      'p1 owner-isolation',
      'p2 answers-keep-to-schema',
      'answers-keep-to-schema could not run on some: no answer',
      '2 of 4 operations exercised (50%); by no principle: GET /health, DELETE /projects/{projectId}',
    ]);
  });
});

describe('coverage of a described target', { timeout: 120_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers-keep-to-schema sends every operation of the projects example; owner-isolation alone leaves some unsent', async () => {
    const schema = await checkTargetCoverage(hono, { principles: [answersKeepToSchema], runs: 2, fcSeed: 1, folder: scratchFolder('coverage') });
    expect(schema.coverage?.operations).toHaveLength(18);
    expect(uncovered(schema.coverage!)).toEqual([]);
    const isolation = await checkTargetCoverage(hono, { principles: [ownerIsolation], runs: 2, fcSeed: 1, folder: scratchFolder('coverage') });
    expect(uncovered(isolation.coverage!)).toEqual(expect.arrayContaining(['GET /health', 'GET /projects', 'GET /labels']));
  });

  it('describe --require-coverage exits 1 and names what no principle sent; 0 once enough was', async () => {
    // The projects app's own description, with a public report no resource makes: nothing says what fills its
    // id (a secured one is probed for gate 1 at an id that does not exist).
    const folder = scratchFolder('coverage');
    const document = (await (await createApp().request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    document.paths['/reports/{reportId}'] = { get: { security: [], parameters: [{ name: 'reportId', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'a report' } } } };
    writeFileSync(join(folder, 'openapi.json'), JSON.stringify(document));
    const config = join(folder, 'apisim.config.ts');
    const users = "{ user: { headers: { authorization: 'Bearer alice-token' } }, otherUser: { headers: { authorization: 'Bearer bob-token' } } }";
    writeFileSync(config, `export default { name: 'projects-with-reports', app: { module: ${JSON.stringify(relative(folder, join(root, 'examples/hono-projects/app.ts')))}, export: 'default' }, users: ${users}, openapi: './openapi.json' };\n`);
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => void out.push(text));
    vi.spyOn(console, 'error').mockImplementation((text: string) => void out.push(text));
    vi.stubEnv('APISIM_RUNS', '2');
    expect(await describeMain(['--config', config, '--require-coverage', '100'])).toBe(1);
    expect(out.at(-1)).toBe('describe: 94% of the operations were exercised, below the 100% required; by no principle: GET /reports/{reportId}');
    expect(out.join('\n')).toMatch(/\nGET \/reports\/\{reportId\} +- +- +- /);
    expect(await describeMain(['--config', config, '--require-coverage', '94'])).toBe(0);
    expect(await describeMain(['--config', config, '--require-coverage', '101'])).toBe(2);
  });

  it('describe --coverage exits 1 when a principle fails, naming it with its replay, as conformance does', async () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation((text: string) => void out.push(text));
    vi.stubEnv('APISIM_RUNS', '2');
    const cwd = process.cwd();
    // Its counterexample files go below the working directory: a scratch one, not the repository.
    process.chdir(scratchFolder('describe-fails'));
    try {
      expect(await describeMain(['--config', join(root, 'examples/hono-projects/apisim-flawed.config.ts'), '--coverage'])).toBe(1);
    } finally {
      process.chdir(cwd);
    }
    expect(out.map((line) => line.slice(0, line.indexOf(' failed: ')))).toEqual(['describe: owner-isolation', 'describe: answers-keep-to-schema', 'describe: invalid-input-refused']);
    expect(out[1]).toMatch(/^describe: answers-keep-to-schema failed: user GET \/projects\/\d+ was answered 200: its 200 body has \/inviteCode, a member its schema does not declare; replay: npx apisim sim --file /);
  });

  it('conformance prints the operation × check matrix, adds it to --json, and --require-coverage exits 1 below the share', async () => {
    const run = await conformance('--config', hono, '--only', 'auth/401-before-403', '--require-coverage', '100');
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/\nGET \/projects\/\{projectId\}\/tasks +pass\n/);
    expect(run.stdout).toMatch(/\nGET \/health +-\n/);
    expect(run.stdout).toContain('\np1 auth/401-before-403\n17 of 18 operations exercised (94%); by no check: GET /health');
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe('conformance: 94% of the operations were exercised, below the 100% required; by no check: GET /health');
    const json = await conformance('--config', hono, '--only', 'auth/401-before-403', '--require-coverage', '94', '--json');
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { coverage: unknown }).coverage).toMatchObject({ percent: 94, uncovered: ['GET /health'], principles: ['auth/401-before-403'], cells: { 'GET /labels': { 'auth/401-before-403': { outcome: 'pass' } } } });
  });

  it('conformance\'s schema checks send every operation of the projects example, the public GET /health with no credential', async () => {
    for (const check of ['openapi/answers-keep-to-schema', 'openapi/invalid-input-refused']) {
      const run = await conformance('--config', hono, '--only', check, '--json');
      const report = JSON.parse(run.stdout) as { checks: { outcome: string; reason: string }[]; coverage: { percent: number; uncovered: string[] } };
      expect(report.checks.map((c) => c.outcome), run.stderr).toEqual(['pass']);
      if (check === 'openapi/invalid-input-refused') continue;
      expect(report.checks[0]!.reason).toBe('18 of 18 operations answered as documented');
      expect(report.coverage).toMatchObject({ percent: 100, uncovered: [] });
    }
    const all = await conformance('--config', hono, '--require-coverage', '100');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain('\n18 of 18 operations exercised (100%)');
  });

  it('conformance --require-coverage is a usage error where there are no operations to count', async () => {
    const own = await conformance('--config', 'properties/targets/test-kit/apisim-owner-check.config.ts', '--require-coverage', '50');
    expect(own.code).toBe(2);
    expect(own.stderr).toMatch(/^conformance: --require-coverage counts the operations of an OpenAPI description, and .* names none: add openapi to the target description\n$/);
    const sockets = await conformance('--base-url', 'http://127.0.0.1:9', '--user', 'a:b', '--other-user', 'c:d', '--require-coverage', '50');
    expect(sockets.code).toBe(2);
    expect(sockets.stderr).toContain('--require-coverage counts the operations of an OpenAPI description: give --config');
  });
});
