import { fetchOrigin } from 'apisim';
import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyOf, type Example, namedFactory, runExample, scenarioFile, statuses, unlabelled } from '../test-kit.js';
import createApp, { forgetful, restart } from './pglite.js';

const keysKept = scenarioFile(new URL('crash-after-post.json', import.meta.url));
const keysLost = scenarioFile(new URL('crash-after-post-forgetful.json', import.meta.url));
const onReal = scenarioFile(new URL('crash-after-post-postgres.json', import.meta.url));

const example = (build: () => Promise<Hono>): Example<Hono> => ({ build, serve: (app) => fetchOrigin(app), restart });

/** The notes each run ends with: made at 75 ms by the first attempt, at 375 ms by the re-send after the crash, at 945 ms. */
const note = (id: string, content: string, atMs: number) => ({ id, content, createdAt: new Date(Date.UTC(2026, 0, 1) + atMs).toISOString() });

describe('drizzle-notes on PGlite: a crash after a POST took effect, on a lossy line', { timeout: 60_000 }, () => {
  it('the scenario files name the PGlite module and its exports, and the Postgres one; only the app differs', async () => {
    expect(keysKept.origin).toEqual({ module: './pglite.ts', export: 'default' });
    expect(keysLost.origin).toEqual({ module: './pglite.ts', export: 'forgetful' });
    expect(onReal.origin).toEqual({ module: './postgres.ts', export: 'default' });
    expect(await namedFactory(keysKept)).toBe(createApp);
    expect(await namedFactory(keysLost)).toBe(forgetful);
    expect(unlabelled(keysKept)).toEqual(unlabelled(keysLost));
    expect(unlabelled(keysKept)).toEqual(unlabelled(onReal));
  });

  it('keys in the database: the re-send after the restart gets the note the first attempt made', async () => {
    const result = await runExample(keysKept.spec, example(createApp));
    // The PUT is 201 or, when its first answer was lost and it was sent again, 200: it replaced what it made.
    expect(statuses(result)).toEqual([201, expect.toSatisfy((s) => s === 200 || s === 201), 201, 204, 200]);
    expect(result.summary[0]!.attempts).toBeGreaterThan(1);
    expect(bodyOf(result, 0)).toEqual(note('1', 'buy milk', 75));
    expect(bodyOf(result, 4)).toEqual([note('1', 'buy milk', 75), note('2', 'pay rent', 945)]);
  });

  it('keys in memory: the restart forgot the key, and the re-send made the note again', async () => {
    const result = await runExample(keysLost.spec, example(forgetful));
    expect(bodyOf(result, 0)).toEqual(note('2', 'buy milk', 375));
    expect(bodyOf(result, 4)).toEqual([note('1', 'buy milk', 75), note('2', 'buy milk', 375), note('3', 'pay rent', 945)]);
  });

  it('each run starts on an empty database: another seed (other keys) makes notes 1 and 2 again, and a seed run again replays', async () => {
    const runs = [];
    for (const seed of [3, 4, 3]) runs.push(await runExample(keysKept.spec, example(createApp), seed));
    for (const run of runs) expect((bodyOf(run, 4) as { id: string }[]).map((n) => n.id)).toEqual(['1', '2']);
    expect(runs[2]!.traceHash).toBe(runs[0]!.traceHash);
  });
});
