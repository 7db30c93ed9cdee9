import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const repo = join(import.meta.dirname, '..');
const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];

/**
 * apisim as another project gets it (docs/install.md): `npm pack` (which builds dist/), the tarball installed
 * beside that project's own Hono, a scenario run against the project's TypeScript app through the bin, and the
 * programmatic API imported by name. From the npm cache where it can be, so it runs offline once the cache has
 * hono and apisim's dependencies.
 */
describe('the packed package, installed in a scratch project', () => {
  let dir = '';
  let project = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apisim-pack-'));
    const { stdout } = await exec('npm', ['pack', '--pack-destination', dir, '--json', '--loglevel=error'], { cwd: repo, maxBuffer: 64 << 20 });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
    const paths = packed!.files.map((f) => f.path);
    expect(paths).toContain('dist/cli/apisim.js');
    expect(paths).toContain('dist/api/index.d.ts');
    // The compiled package, the README and docs/ (whose examples are .ts to read): no sources, no tests.
    const unexpected = paths.filter((p) => !(p.startsWith('dist/') || p.startsWith('docs/') || ['README.md', 'package.json'].includes(p)));
    expect(unexpected).toEqual([]);
    expect(paths.filter((p) => p.startsWith('dist/') && (/\.test\.|kit\./.test(p) || (p.endsWith('.ts') && !p.endsWith('.d.ts'))))).toEqual([]);

    project = join(dir, 'project');
    await exec('mkdir', [project]);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module', dependencies: { hono: '4.13.19' } }, null, 2));
    await exec('npm', ['install', '--prefer-offline', ...quiet, join(dir, packed!.filename), 'hono@4.13.19'], { cwd: project, maxBuffer: 64 << 20 });
    await writeFile(join(project, 'app.ts'), app);
    await writeFile(join(project, 'scenario.json'), JSON.stringify(scenario, null, 2));
    await writeFile(join(project, 'run.mjs'), script);
  }, 180_000);

  afterAll(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  it('npx apisim sim runs a scenario on the project\'s TypeScript app', async () => {
    const { stdout } = await exec('npx', ['--no-install', 'apisim', 'sim', '--file', 'scenario.json', '--seed', '1', '--json'], { cwd: project });
    const doc = JSON.parse(stdout) as { scenario: string; exchanges: { status: number | null }[]; finalState: unknown };
    expect(doc.scenario).toBe('scratch-notes');
    expect(doc.exchanges.map((e) => e.status)).toEqual([201, 200]);
    expect(doc.finalState).toEqual([{ id: '1', content: 'buy milk', createdAt: '2026-01-01T00:00:00.075Z' }]);
  }, 60_000);

  it('the replay line names the bin, and --help and a bad command answer as a CLI does', async () => {
    const run = await exec('npx', ['--no-install', 'apisim', 'sim', '--file', 'scenario.json', '--seed', '1'], { cwd: project });
    expect(run.stdout).toContain('Replay: npx apisim sim --file scenario.json --seed 1');
    const help = await exec('npx', ['--no-install', 'apisim', '--help'], { cwd: project });
    expect(help.stdout).toMatch(/npx apisim sim …[\s\S]*npx apisim conformance …/);
    const conformance = await exec('npx', ['--no-install', 'apisim', 'conformance', '--help'], { cwd: project });
    expect(conformance.stdout).not.toBe('');
    await expect(exec('npx', ['--no-install', 'apisim', 'nope'], { cwd: project })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command "nope"') as unknown });
  }, 60_000);

  it("imports the programmatic API from 'apisim' in plain Node", async () => {
    const { stdout } = await exec('node', ['run.mjs'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ statuses: [201, 200], notes: 1 });
  }, 60_000);
});

const app = `import { Hono } from 'hono';

interface Note { readonly id: string; readonly content: string; readonly createdAt: string }

export default function createApp() {
  const notes: Note[] = [];
  const app = new Hono();
  app.post('/notes', async (c) => {
    const { content } = await c.req.json<{ content: string }>();
    const note: Note = { id: String(notes.length + 1), content, createdAt: new Date().toISOString() };
    notes.push(note);
    return c.json(note, 201);
  });
  app.get('/notes', (c) => c.json(notes));
  return { fetch: app.fetch, notes };
}

export function state(app: ReturnType<typeof createApp>) {
  return app.notes;
}
`;

const scenario = {
  name: 'scratch-notes',
  origin: { module: './app.ts', export: 'default' },
  steps: [
    { method: 'POST', path: '/notes', body: { content: 'buy milk' } },
    { method: 'GET', path: '/notes' },
  ],
};

const script = `import { fetchOrigin, parseScenario, runGuestScenario } from 'apisim';
import { Hono } from 'hono';

const notes = [];
const spec = parseScenario(${JSON.stringify({ steps: scenario.steps })});
const result = await runGuestScenario('scratch', spec, {
  seed: 1,
  app: () => {
    notes.length = 0;
    const app = new Hono();
    app.post('/notes', async (c) => { notes.push(await c.req.json()); return c.json({}, 201); });
    app.get('/notes', (c) => c.json(notes));
    return fetchOrigin(app);
  },
});
console.log(JSON.stringify({ statuses: result.summary.map((e) => e.status), notes: notes.length }));
`;
