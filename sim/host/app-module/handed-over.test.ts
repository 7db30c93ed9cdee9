import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/spec.js';
import type { AppModuleSpec } from '../../scenario/vocabulary.js';
import { runGuestScenario } from '../run-guest-scenario.js';
import { realWorldIsBack } from '../world/test-kit.js';
import { loadAppModule } from './app-module.js';

/** Where a scenario file naming the test-kit's apps would be: their modules are relative to it. */
const scenarioFile = fileURLToPath(new URL('./test-kit/scenario.json', import.meta.url));

/**
 * A CommonJS module whose exports Node cannot list from its text (they are built by a function), as older
 * Node services are written: its factory, createApp, is a member of module.exports only. Written out here
 * rather than kept beside the TypeScript apps, since it is plain CommonJS, which the repository's lint and
 * type check do not take.
 */
const commonJsNotes = `
function makeExports() {
  return {
    createApp() {
      const notes = [];
      return function listener(req, res) {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          if (req.method === 'POST' && req.url === '/notes') {
            const note = { id: notes.length + 1, content: JSON.parse(body).content };
            notes.push(note);
            res.statusCode = 201;
            res.end(JSON.stringify(note));
          } else if (req.url === '/notes') {
            res.end(JSON.stringify(notes));
          } else {
            const note = notes.find((n) => '/notes/' + n.id === req.url);
            res.statusCode = note === undefined ? 404 : 200;
            res.end(JSON.stringify(note === undefined ? { error: 'no such note' } : note));
          }
        });
      };
    },
    port: 3000,
  };
}

module.exports = makeExports();
`;

const notesRun = parseScenario({
  steps: [
    { method: 'POST', path: '/notes', headers: { 'content-type': 'application/json' }, body: { content: 'buy milk' } },
    { method: 'GET', path: '/notes/1' },
    { method: 'GET', path: '/notes/2' },
    { method: 'GET', path: '/notes' },
  ],
});

async function run(origin: Omit<AppModuleSpec, 'export'> & { export?: string }, seed = 1) {
  const app = await loadAppModule({ export: 'default', ...origin }, scenarioFile);
  const result = await runGuestScenario('handed-over', notesRun, { seed, ...app.guest });
  return { app, result, answers: result.exchanges.map((x) => [x.response?.status, JSON.parse(x.response?.body ?? 'null') as unknown]) };
}

const commonJsFolder = mkdtempSync(join(tmpdir(), 'apisim-commonjs-'));
writeFileSync(join(commonJsFolder, 'notes.cjs'), commonJsNotes);

const note = { id: 1, content: 'buy milk' };
const notesAnswers = [[201, note], [200, note], [404, { error: 'no such note' }], [200, [note]]];

describe('apps handed over as their frameworks\' docs write them', { timeout: 30_000 }, () => {
  it.each([
    ['a Fastify instance, export default app (made ready, driven through its routing)', { module: './fastify-notes.ts' }],
    ['a Koa app, export default app (through app.callback())', { module: './koa-notes.ts' }],
    ['a Hono app, export default app', { module: './hono-notes.ts' }],
    ['an itty-router AutoRouter, export default router', { module: './itty-notes.ts' }],
    // Its router answers `then` too: awaited, it would never settle.
    ['an itty-router AutoRouter from a factory, not awaited', { module: './itty-notes.ts', export: 'createRouter' }],
    // Under vitest, whose loader lists a CommonJS module's members itself; in Node alone, only module.exports
    // holds it (api/cli/app-origin.system.test.ts runs that case).
    ['a CommonJS module whose factory Node cannot list as a named export', { module: join(commonJsFolder, 'notes.cjs'), export: 'createApp' }],
    ['Fastify\'s build(opts) factory, given its options by the scenario', { module: './fastify-build.ts', export: 'build', options: { caseSensitive: false } }],
  ])('serves %s, ids as numbers, each run afresh', async (_name, origin) => {
    const first = await run(origin);
    expect(first.answers).toEqual(notesAnswers);
    // A second run starts from nothing again: an instance is imported afresh, a factory builds anew.
    const second = await run(origin, 2);
    expect(second.answers).toEqual(notesAnswers);
    expect(await realWorldIsBack()).toBe(true);
  });

  it('hands Fastify\'s factory its options, logger included, and the logger writes to the run\'s log', async () => {
    const { result } = await run({ module: './fastify-build.ts', export: 'build', options: { logger: true } });
    const logged = result.appOutput.lines.map((line) => ({ stream: line.stream, ...(JSON.parse(line.text) as { msg?: string; id?: number; time?: number }) }));
    expect(logged.find((line) => line.msg === 'note created')).toMatchObject({ stream: 'stdout', id: 1 });
    // pino stamps each line with Date.now(): the virtual clock's, so the log replays too.
    expect(logged.every((line) => typeof line.time === 'number' && line.time >= Date.UTC(2026, 0, 1))).toBe(true);
  });

  it('keeps a Koa handler\'s console.log in the run\'s log, at the virtual time it ran', async () => {
    const { result } = await run({ module: './koa-notes.ts' });
    // The origin spends its 15 ms before it hands the request over, so the handler runs when the POST is processed.
    const postProcessedUs = result.trace.events.find((e) => e.kind === 'process')!.atUs;
    expect(result.appOutput.lines).toEqual([{ atUs: postProcessedUs, stream: 'stdout', text: 'created note 1' }]);
  });

  it('serves a module of Next.js route handlers: a function per method, HEAD by GET, OPTIONS and 405 with Allow', async () => {
    const app = await loadAppModule({ module: './next-route.ts', export: 'default' }, scenarioFile);
    const steps = parseScenario({
      steps: [
        { method: 'POST', path: '/notes', body: { content: 'buy milk' } },
        { method: 'GET', path: '/notes' },
        { method: 'HEAD', path: '/notes' },
        { method: 'OPTIONS', path: '/notes' },
        { method: 'DELETE', path: '/notes' },
      ],
    });
    const result = await runGuestScenario('next', steps, { seed: 1, ...app.guest });
    expect(result.exchanges.map((x) => [x.response?.status, x.response?.body, x.response?.headers.allow])).toEqual([
      [201, JSON.stringify(note), undefined],
      [200, JSON.stringify([note]), undefined],
      [200, undefined, undefined],
      [204, undefined, 'GET, POST, HEAD, OPTIONS'],
      [405, undefined, 'GET, POST, HEAD, OPTIONS'],
    ]);
  });

  it('refuses options for an app instance, and options beside another kind, saying why', async () => {
    await expect(loadAppModule({ module: './koa-notes.ts', export: 'default', options: {} }, scenarioFile)).rejects.toThrow(
      'export "default" of ./koa-notes.ts is an instance of Application with keys _events, _eventsCount, _maxListeners, proxy, subdomainOffset, proxyIpHeader, maxIpsCount, env, …, not a factory, so it cannot be given "options": export the function that builds the app from them (createApp(options))',
    );
    await expect(loadAppModule({ module: './fastify-build.ts', export: 'build', kind: 'fetch', options: {} }, scenarioFile)).rejects.toThrow(
      'export "build" of ./fastify-build.ts is given "options", which go to a factory, and "kind": "fetch": leave out one of the two',
    );
  });
});
