import { fetchOrigin, parseScenario } from 'apisim';
import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyOf, type Example, namedFactory, runExample, scenarioFile, statuses, unlabelled } from '../test-kit.js';
import createApp, { flawed, forgetful, restart, state } from './app.js';

const unstablePost = scenarioFile(new URL('unstable-post.json', import.meta.url));
const idempotentPost = scenarioFile(new URL('unstable-post-idempotent.json', import.meta.url));

const ignoresKeys: Example<Hono> = { build: flawed, serve: (app) => fetchOrigin(app), state };
const honoursKeys: Example<Hono> = { build: () => createApp(), serve: (app) => fetchOrigin(app), state };

/** The POST's note as the app stamps it: made at 75 ms (60 ms on the line, 15 ms at the origin). */
const first = { id: '1', content: 'buy milk', createdAt: '2026-01-01T00:00:00.075Z' };
/** The re-send's note: the client waited its 500 ms timeout for the lost answer, then sent the POST again. */
const second = { id: '2', content: 'buy milk', createdAt: '2026-01-01T00:00:00.575Z' };

describe('hono-notes: a POST on an unstable line', { timeout: 20_000 }, () => {
  it('the scenario files name the app module and its exports: flawed, and the default', async () => {
    expect(unstablePost.origin).toEqual({ module: './app.ts', export: 'flawed' });
    expect(idempotentPost.origin).toEqual({ module: './app.ts', export: 'default' });
    expect(await namedFactory(unstablePost)).toBe(flawed);
    expect(await namedFactory(idempotentPost)).toBe(createApp);
    // The same scenario: only the app differs.
    expect(unlabelled(idempotentPost)).toEqual(unlabelled(unstablePost));
  });

  it('the app that ignores Idempotency-Key makes a second note from the keyed re-send', async () => {
    const result = await runExample(unstablePost.spec, ignoresKeys);
    expect(statuses(result)).toEqual([201, 200]);
    expect(result.summary.map((s) => s.attempts)).toEqual([2, 2]);
    // The client sent a key, the same on both attempts; the app did not look at it.
    expect(result.exchanges[0]!.request.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodyOf(result, 0)).toEqual(second);
    expect(bodyOf(result, 1)).toEqual([first, second]);
    expect(result.guestState).toEqual({ notes: [first, second] });
  });

  it('the app that honours Idempotency-Key answers the re-send with the first note, and holds one', async () => {
    const result = await runExample(idempotentPost.spec, honoursKeys);
    expect(statuses(result)).toEqual([201, 200]);
    expect(result.summary.map((s) => s.attempts)).toEqual([2, 2]);
    expect(bodyOf(result, 0)).toEqual(first);
    expect(result.exchanges[0]!.response!.headers.location).toBe('/notes/1');
    expect(bodyOf(result, 1)).toEqual([first]);
    expect(result.guestState).toEqual({ notes: [first] });
  });

  it('a key is the client\'s half: a naive client sends none, and either app makes two notes', async () => {
    const naive = parseScenario({ ...idempotentPost.input, modes: { line: 'unstable', client: { policy: 'naive' } } });
    for (const example of [ignoresKeys, honoursKeys]) {
      const result = await runExample(naive, example);
      expect(result.exchanges[0]!.request.headers['idempotency-key']).toBeUndefined();
      expect(result.guestState).toEqual({ notes: [first, second] });
    }
  });

  it('the same key with another body is a 422, as the draft says (Hono\'s app.request, no simulator)', async () => {
    const app = createApp();
    const post = (content: string) =>
      app.request('/notes', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' }, body: JSON.stringify({ content }) });
    expect((await post('buy milk')).status).toBe(201);
    expect((await post('buy milk')).status).toBe(201);
    expect((await post('buy bread')).status).toBe(422);
    expect(state(app).notes.map((n) => n.content)).toEqual(['buy milk']);
  });

  it('PUT creates a note under the id it names (201) or replaces its content (200); DELETE is 204, then 404 (Hono\'s app.request)', async () => {
    const app = createApp();
    const send = (method: string, path: string, body?: unknown) =>
      app.request(path, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
    const created = await send('PUT', '/notes/1', { content: 'a' });
    expect([created.status, created.headers.get('location')]).toEqual([201, '/notes/1']);
    expect((await send('PUT', '/notes/1', { content: 'b' })).status).toBe(200);
    expect((await send('PUT', '/notes/1', { content: 7 })).status).toBe(400);
    // A POST does not take the id a PUT chose.
    expect(await (await send('POST', '/notes', { content: 'c' })).json()).toMatchObject({ id: '2', content: 'c' });
    expect(state(app).notes.map((n) => [n.id, n.content])).toEqual([['1', 'b'], ['2', 'c']]);
    expect((await send('DELETE', '/notes/1')).status).toBe(204);
    expect((await send('DELETE', '/notes/1')).status).toBe(404);
    expect((await send('GET', '/notes/1')).status).toBe(404);
    // Nor an id that was deleted: the counter moves on.
    expect(await (await send('POST', '/notes', { content: 'd' })).json()).toMatchObject({ id: '3' });
  });

  it('restart(app) is a new app on the store the old one kept: its notes and, in the correct form, its keys (Hono\'s app.request)', async () => {
    const post = (app: Hono) =>
      app.request('/notes', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' }, body: JSON.stringify({ content: 'buy milk' }) });
    for (const [build, notesAfterResend] of [[() => createApp(), 1], [forgetful, 2]] as const) {
      const app = build();
      expect((await post(app)).status).toBe(201);
      const again = restart(app);
      expect(again).not.toBe(app);
      expect(state(again).notes).toHaveLength(1);
      // The same key again, on the new process: the correct form remembers it, the forgetful one does not.
      expect((await post(again)).status).toBe(201);
      expect(state(again).notes).toHaveLength(notesAfterResend);
      expect(state(app).notes).toHaveLength(notesAfterResend);
    }
  });

  it('replays a seed exactly: the same seed twice gives the same trace hash', async () => {
    for (const [file, example] of [[unstablePost, ignoresKeys], [idempotentPost, honoursKeys]] as const) {
      const [once, again] = [await runExample(file.spec, example, 1), await runExample(file.spec, example, 1)];
      expect(again.traceHash).toBe(once.traceHash);
      expect(again.guestState).toEqual(once.guestState);
    }
  });
});
