import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const repo = join(import.meta.dirname, '../..');
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
    expect(paths).toContain('dist/api/cli/apisim.js');
    expect(paths).toContain('dist/api/index.d.ts');
    // The compiled package, the README and docs/ (whose examples are .ts to read): no sources, no tests.
    const unexpected = paths.filter((p) => !(p.startsWith('dist/') || p.startsWith('docs/') || ['README.md', 'package.json'].includes(p)));
    expect(unexpected).toEqual([]);
    expect(paths.filter((p) => p.startsWith('dist/') && (/\.test\.|kit\./.test(p) || (p.endsWith('.ts') && !p.endsWith('.d.ts'))))).toEqual([]);

    project = join(dir, 'project');
    await exec('mkdir', [project]);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module', dependencies: { hono: '4.13.19' } }, null, 2));
    await exec('npm', ['install', '--prefer-offline', ...quiet, join(dir, packed!.filename), 'hono@4.13.19', 'vitest@4.1.12'], { cwd: project, maxBuffer: 64 << 20 });
    await writeFile(join(project, 'scenario-app.ts'), scenarioApp);
    await writeFile(join(project, 'app.ts'), readmeApp);
    await writeFile(join(project, 'apisim.config.ts'), config);
    await writeFile(join(project, 'principles.test.ts'), principlesTest);
    await writeFile(join(project, 'scenario.json'), JSON.stringify(scenario, null, 2));
    await writeFile(join(project, 'run.mjs'), script);
  });

  afterAll(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  it('npx apisim sim runs a scenario on the project\'s TypeScript app', async () => {
    const { stdout } = await exec('npx', ['--no-install', 'apisim', 'sim', '--file', 'scenario.json', '--seed', '1', '--json'], { cwd: project });
    const doc = JSON.parse(stdout) as { scenario: string; exchanges: { status: number | null }[]; finalState: unknown };
    expect(doc.scenario).toBe('scratch-notes');
    expect(doc.exchanges.map((e) => e.status)).toEqual([201, 200]);
    expect(doc.finalState).toEqual([{ id: '1', content: 'buy milk', createdAt: '2026-01-01T00:00:00.075Z' }]);
  });

  it('the replay line names the bin, and --help and a bad command answer as a CLI does', async () => {
    const run = await exec('npx', ['--no-install', 'apisim', 'sim', '--file', 'scenario.json', '--seed', '1'], { cwd: project });
    expect(run.stdout).toContain('Replay: npx apisim sim --file scenario.json --seed 1');
    const help = await exec('npx', ['--no-install', 'apisim', '--help'], { cwd: project });
    expect(help.stdout).toMatch(/npx apisim sim …[\s\S]*npx apisim conformance …/);
    const conformance = await exec('npx', ['--no-install', 'apisim', 'conformance', '--help'], { cwd: project });
    expect(conformance.stdout).not.toBe('');
    await expect(exec('npx', ['--no-install', 'apisim', 'nope'], { cwd: project })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command "nope"') as unknown });
  });

  // The README's "Test your own service", step by step: a first counterexample, its replay, and the checks.
  it('principles(target) from apisim/vitest finds the POST that ignores Idempotency-Key, and says how to replay it', async () => {
    const failed = await failure(exec('npx', ['--no-install', 'vitest', 'run'], { cwd: project, env: { ...process.env, CI: 'true', NO_COLOR: '1' } }));
    expect(failed?.code).toBe(1);
    // eslint-disable-next-line no-control-regex -- vitest colours its report whatever the environment says
    const output = `${failed!.stdout}${failed!.stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
    expect(output).toMatch(/× idempotent-resend/);
    expect(output).toMatch(/↓ authentication-first.*not applicable: the target declares no users/);
    expect(output).toContain('my-notes breaks idempotent-resend');
    const replay = /npx apisim sim --file (\S+) --seed (\d+)/.exec(output);
    expect(replay, output).not.toBeNull();
    const replayed = await failure(exec('npx', ['--no-install', 'apisim', 'sim', '--file', replay![1]!, '--seed', replay![2]!, '--json'], { cwd: project }));
    // Judged again by the principle, on the app as it is: it still fails.
    expect(replayed?.code, replayed?.stderr).toBe(1);
    const { exchanges, counterexample } = JSON.parse(replayed!.stdout) as { exchanges: { method: string; status: number | null }[]; counterexample: unknown };
    expect(counterexample).toMatchObject({ principle: 'idempotent-resend', target: 'my-notes', verdict: 'still fails' });
    // The replay's last step reads the notes back: two, from one keyed POST sent twice.
    expect(exchanges.map((e) => `${e.method} ${e.status}`)).toEqual(['POST 201', 'POST 201', 'GET 200']);
  });

  it('npx apisim conformance --config runs the checks on the app in the simulator', async () => {
    const failed = await failure(exec('npx', ['--no-install', 'apisim', 'conformance', '--config', 'apisim.config.ts'], { cwd: project }));
    expect(failed?.code).toBe(1);
    expect(failed!.stdout).toMatch(/notes\/post-idempotency-key-once\s+FAIL/);
    expect(failed!.stdout).toContain('reproduce: npx apisim conformance --config apisim.config.ts --only notes/post-idempotency-key-once --seed 1');
  });

  it('npx apisim sweep runs the principles on the project\'s app on compiled worker threads, and finds the failing seed', async () => {
    const failed = await failure(exec('npx', ['--no-install', 'apisim', 'sweep', 'idempotent-resend', '--config', 'apisim.config.ts', '--seeds', '1-4', '--workers', '2', '--until-first-failure'], { cwd: project }));
    expect(failed?.code, failed?.stderr).toBe(1);
    expect(failed!.stdout).toMatch(/Stopped at the first failing seed, 1: it took 1 seed\./);
    const replay = /^ {4}(npx apisim sim --file (\S+) --seed \d+)$/m.exec(failed!.stdout);
    expect(replay?.[2]).toMatch(/^reports\/local\/sweep\/counterexamples\/.*-idempotent-resend-seed-1\.json$/);
  });

  it("imports the programmatic API from 'apisim' in plain Node", async () => {
    const { stdout } = await exec('node', ['run.mjs'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ statuses: [201, 200], notes: 1 });
  });
});

/** How a command that should fail failed: its exit code and what it wrote; undefined when it succeeded. */
function failure(run: Promise<unknown>): Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string } | undefined> {
  return run.then(() => undefined, (error: unknown) => error as { code: number; stdout: string; stderr: string });
}

const scenarioApp = `import { Hono } from 'hono';

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

/** The README's app, as its "Test your own service" writes it. */
const readmeApp = `import { Hono } from 'hono';

export default function createApp() {
  const notes: { id: string; content: string }[] = [];
  const app = new Hono();
  app.post('/notes', async (c) => {
    const { content } = await c.req.json<{ content: string }>();
    const note = { id: String(notes.length + 1), content };
    notes.push(note);
    return c.json(note, 201);
  });
  app.get('/notes', (c) => c.json(notes));
  app.get('/notes/:id', (c) => {
    const note = notes.find((n) => n.id === c.req.param('id'));
    return note === undefined ? c.json({ error: 'no such note' }, 404) : c.json(note);
  });
  return app;
}
`;

const config = `import { defineTarget } from 'apisim';

export default defineTarget({
  name: 'my-notes',
  app: { module: './app.ts', export: 'default' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' } }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
});
`;

const principlesTest = `import { principles } from 'apisim/vitest';

principles(new URL('./apisim.config.ts', import.meta.url));
`;

const scenario = {
  name: 'scratch-notes',
  origin: { module: './scenario-app.ts', export: 'default' },
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
