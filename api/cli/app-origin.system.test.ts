import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sim } from './cli-process.js';

/** `npm run sim -- --file` on a scenario that names its own app: examples/scenarios/ has a Hono and an Express one. */
describe('npm run sim -- --file, with an app as the origin', () => {
  it('runs a Hono factory through the virtual world: its timeline, the state it reports and the replay command', async () => {
    const { code, stdout, stderr } = await sim('--file', 'examples/scenarios/hono-notes.json', '--seed', '1');
    expect([code, stderr]).toEqual([0, '']);
    const lines = stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'apisim · hono-notes · seed 1',
      'line unstable · WAN 60.000 ms one way, 2 Mbit/s, faults: unstable line · origin 15.000 ms · client safe, timeout 500.000 ms, 3 attempts',
    ]);
    // 15 ms at the origin, then the app's own 20 ms timer: 20 ms of virtual time.
    expect(lines).toContain('     95.088  process origin             1.1       200 ← PUT /notes/1                    59  handled in 35.000 ms');
    expect(lines).toContain('State the app reported: {"1":{"content":"buy milk","savedAt":"2026-01-01T00:00:00.595Z"}}');
    expect(lines.at(-2)).toBe('Replay: npm run sim -- --file examples/scenarios/hono-notes.json --seed 1');
    // Its "expect" block, judged against the state the app reported.
    expect(lines).toContain('  held    finalState /1/content: "buy milk"');
  });

  it("--json reports the module's state() as finalState", async () => {
    const { code, stdout } = await sim('--file', 'examples/scenarios/hono-notes.json', '--seed', '1', '--json');
    expect(code).toBe(0);
    const doc = JSON.parse(stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ scenario: 'hono-notes', seed: 1, events: 25, endMs: 1290.744, originRequests: 4, notVirtual: [] });
    expect(doc.finalState).toEqual({ 1: { content: 'buy milk', savedAt: '2026-01-01T00:00:00.595Z' } });
  });

  it('runs an Express app instance, and --json has no finalState when the module exports no state()', async () => {
    const { code, stdout, stderr } = await sim('--file', 'examples/scenarios/express-notes.json', '--seed', '1', '--json');
    expect([code, stderr]).toEqual([0, '']);
    const doc = JSON.parse(stdout) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['scenario', 'seed', 'traceHash', 'events', 'endMs', 'originRequests', 'originFrames', 'cache', 'exchanges', 'notVirtual', 'subscriptions', 'expectations']);
    expect(doc.exchanges).toEqual([
      { step: 1, client: 'client', auth: 'none', method: 'POST', path: '/notes', status: 201, attempts: 2, latencyMs: 645.212, requestBytes: 22, responseBytes: 31, outcome: 'response' },
      // The naive client's re-send made a second note, which the app serves.
      { step: 2, client: 'client', auth: 'none', method: 'GET', path: '/notes/2', status: 200, attempts: 2, latencyMs: 635.124, requestBytes: 0, responseBytes: 31, outcome: 'response' },
    ]);
  });

  it('--trace-out writes the Chrome trace of the app run', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'apisim-')), 'run.json');
    const { code, stderr } = await sim('--file', 'examples/scenarios/express-notes.json', '--trace-out', out);
    expect(code).toBe(0);
    expect(stderr).toBe(`Wrote the Chrome trace to ${out} (open it at https://ui.perfetto.dev).\n`);
    const trace = JSON.parse(await readFile(out, 'utf8')) as { traceEvents: { name: string; ph: string }[]; otherData: unknown };
    expect(trace.otherData).toEqual({ generator: 'apisim', scenario: 'express-notes', seed: 1 });
    expect(trace.traceEvents.some((e) => e.ph === 'i' && /LOST/.test(e.name))).toBe(true);
  });
});

describe('npm run sim -- --file, with a module that is not an app', () => {
  let dir: string;
  /** Writes a module and a scenario naming it, and runs the scenario. */
  const runWith = async (module: string, text: string, exportName?: string, ...args: string[]) => {
    await writeFile(join(dir, module), text);
    const scenario = join(dir, `${module}.json`);
    await writeFile(scenario, JSON.stringify({ origin: { module: `./${module}`, ...(exportName === undefined ? {} : { export: exportName }) }, steps: [{ method: 'GET', path: '/' }] }));
    return sim('--file', scenario, ...args);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apisim-'));
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }');
  });

  it('runs an app that fails on a request: the 500 is in the timeline, the reason on stderr', async () => {
    const { code, stdout, stderr } = await runWith('failing.ts', "export default (request: Request): Response => { throw new Error(`no route for ${new URL(request.url).pathname}`); };");
    expect([code, stderr]).toEqual([0, 'sim: GET /: the app failed, so the adapter answered 500: Error: no route for /\n']);
    expect(stdout.split('\n')).toContain('     75.000  process origin             1.1       500 ← GET /                          135  handled in 15.000 ms');
  });

  it('keeps what the app prints out of --json: the document parses, stderr says how much there was, --app-output adds it', async () => {
    const logs = "console.log('loading');\nexport default () => ({ fetch: (request: Request) => { console.log(`${request.method} ${new URL(request.url).pathname}`); process.stdout.write('{ not json\\n'); return new Response('ok'); } });";
    const plain = await runWith('logs.ts', logs, undefined, '--json');
    expect([plain.code, plain.stderr]).toEqual([0, 'sim: the app wrote 3 lines to its stdout and stderr, kept out of this output: --app-output shows them\n']);
    expect(JSON.parse(plain.stdout)).not.toHaveProperty('appOutput');
    const shown = await runWith('logs.ts', logs, undefined, '--json', '--app-output');
    expect([shown.code, shown.stderr]).toEqual([0, '']);
    expect((JSON.parse(shown.stdout) as { appOutput: unknown }).appOutput).toEqual({
      lines: [{ atMs: null, stream: 'stdout', text: 'loading' }, { atMs: 75, stream: 'stdout', text: 'GET /' }, { atMs: 75, stream: 'stdout', text: '{ not json' }],
      omitted: 0,
    });
  });

  it('finds the factory of a CommonJS module whose exports Node cannot list from its text, in module.exports', async () => {
    const commonJs = "module.exports = (() => ({ createApp() { return (req, res) => { res.end('from CommonJS'); }; } }))();";
    const { code, stdout, stderr } = await runWith('built.cjs', commonJs, 'createApp', '--json', '--bodies');
    expect([code, stderr]).toEqual([0, '']);
    expect((JSON.parse(stdout) as { exchanges: { response: { body: string } }[] }).exchanges[0]!.response.body).toBe('from CommonJS');
  });

  it('waits for the real I/O an app begins while it answers, the clock standing still: exit 0', async () => {
    const { code, stderr } = await runWith('reads.ts', "import { readFile } from 'node:fs/promises';\nexport default () => ({ fetch: async () => new Response(String((await readFile(import.meta.filename)).length)) });");
    expect([code, stderr]).toEqual([0, '']);
  });

  it.each<[string, string, string | undefined, string | undefined, () => string]>([
    ['a missing module', 'gone.ts', undefined, undefined, () => `sim: the app module ./gone.ts was not found: no file at ${join(dir, 'gone.ts')}`],
    ['an import that throws', 'throws.ts', "throw new Error('DATABASE_URL is not set');", undefined, () => 'sim: importing ./throws.ts failed: Error: DATABASE_URL is not set'],
    ['a syntax error', 'syntax.ts', 'export default {\n  fetch(request: Request) {\n    return new Response(\n  },\n};\n', undefined,
      () => `sim: importing ./syntax.ts failed: TransformError: Transform failed with 1 error: ${join(dir, 'syntax.ts')}:4:2: ERROR: Unexpected "}"`],
    ['a missing export', 'named.ts', 'export const createApp = () => ({ fetch: () => new Response() });\nexport const port = 3000;', 'makeApp',
      () => 'sim: ./named.ts has no export "makeApp": it exports createApp, port'],
    ['an export that is not an app', 'config.ts', 'export default { routes: [], port: 3000 };', undefined,
      () => 'sim: export "default" of ./config.ts is not an app: it is an object with keys routes, port, with no fetch method. An origin is a fetch app ({ fetch }, e.g. a Hono app), a fetch function (request) => Response, a Node listener (req, res) (e.g. an Express app), a Fastify instance, a Koa app, a NestJS application, or a factory () => one of those (docs/guest-world.md, "Naming your app in a scenario file")'],
    ['a factory that throws', 'boom.ts', "export default function createApp() { throw new Error('no config'); }", undefined,
      () => 'sim: the factory (export "default" of ./boom.ts) threw: Error: no config'],
    ['a factory that builds something else', 'half.ts', 'export default async () => ({ routes: [] });', undefined,
      () => 'sim: the factory (export "default" of ./half.ts) did not return an app: it returned an object with keys routes, with no fetch method. An origin is a fetch app ({ fetch }, e.g. a Hono app), a fetch function (request) => Response, a Node listener (req, res) (e.g. an Express app), a Fastify instance, a Koa app, a NestJS application, or a factory () => one of those (docs/guest-world.md, "Naming your app in a scenario file")'],
  ])('refuses %s with exit code 2, one precise line and no stack trace', async (_what, module, text, exportName, message) => {
    const { code, stdout, stderr } = text === undefined ? await sim('--file', await scenarioOnly(dir, module)) : await runWith(module, text, exportName);
    expect([code, stdout, stderr]).toEqual([2, '', `${message()}\n`]);
  });
});

async function scenarioOnly(dir: string, module: string): Promise<string> {
  const scenario = join(dir, `${module}.json`);
  await writeFile(scenario, JSON.stringify({ origin: { module: `./${module}` }, steps: [{ method: 'GET', path: '/' }] }));
  return scenario;
}
