import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionCookie } from './test-kit/demo-login.js';
import { spawnServer, type SpawnedServer } from './test-kit/spawned-server.js';

const json = { 'content-type': 'application/json' };
const folders: string[] = [];
const servers: SpawnedServer[] = [];

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'apisim-data-'));
  folders.push(dir);
  return dir;
}

function start(...args: string[]): SpawnedServer {
  const server = spawnServer(['--port', '0', ...args]);
  servers.push(server);
  return server;
}

/** SIGKILL: no handler runs, nothing is flushed on the way out. */
async function kill(server: SpawnedServer): Promise<void> {
  server.child.kill('SIGKILL');
  expect((await server.exit).signal).toBe('SIGKILL');
}

afterEach(() => {
  for (const server of servers.splice(0)) server.child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * What durability must show: `npm start`, create notes, SIGKILL, `npm start` again, and the notes are there.
 * With `--memory` the same steps lose them, which is what the first test would see if nothing were kept.
 */
describe('npm start keeps what it acknowledged across a SIGKILL', () => {
  async function createNotesThenKillAndRestart(args: string[]): Promise<{ readonly url: string; readonly cookie: string }> {
    const first = start(...args);
    const url = await first.originUrl();
    const cookie = await sessionCookie(url, 'alice');
    const headers = { ...json, cookie };
    expect((await fetch(`${url}/notes`, { method: 'POST', headers: { ...headers, 'idempotency-key': 'note-a' }, body: JSON.stringify({ content: 'buy milk' }) })).status).toBe(201);
    expect((await fetch(`${url}/notes`, { method: 'POST', headers, body: JSON.stringify({ content: 'call bob' }) })).status).toBe(201);
    expect((await fetch(`${url}/notes/7`, { method: 'PUT', headers, body: JSON.stringify({ content: 'eggs' }) })).status).toBe(200);
    expect((await fetch(`${url}/notes/2`, { method: 'DELETE', headers })).status).toBe(204);
    await kill(first);
    const second = start(...args);
    return { url: await second.originUrl(), cookie };
  }

  it('finds the notes, the session and the idempotency record after the restart', async () => {
    const { url, cookie } = await createNotesThenKillAndRestart(['--data', dataFolder()]);
    const read = async (id: number): Promise<[number, unknown]> => {
      const res = await fetch(`${url}/notes/${id}`, { headers: { cookie } });
      return [res.status, res.status === 200 ? ((await res.json()) as unknown) : undefined];
    };
    // The session cookie from before the crash still works: sessions are kept too.
    expect(await read(1)).toEqual([200, { id: 1, content: 'buy milk' }]);
    expect(await read(2)).toEqual([404, undefined]);
    expect(await read(7)).toEqual([200, { id: 7, content: 'eggs' }]);
    // The keyed POST re-sent after the restart is replayed, not applied again.
    const again = await fetch(`${url}/notes`, { method: 'POST', headers: { ...json, cookie, 'idempotency-key': 'note-a' }, body: JSON.stringify({ content: 'buy milk' }) });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await read(3)).toEqual([404, undefined]);
    // A deleted id is not handed out again after the restart: the counter is kept with the notes.
    const next = await fetch(`${url}/notes`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ content: 'new' }) });
    expect(await next.json()).toEqual({ id: 3, content: 'new' });
  });

  it('with --memory, the same steps find nothing after the restart', async () => {
    const { url } = await createNotesThenKillAndRestart(['--memory']);
    const cookie = await sessionCookie(url, 'alice');
    expect((await fetch(`${url}/notes/1`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(`${url}/notes/7`, { headers: { cookie } })).status).toBe(404);
  });

  it('says where the data is, and a second start on it does not add the demo data again', async () => {
    const dir = dataFolder();
    const first = start('--data', dir);
    expect(await first.ready).toContain(`data           ${dir}`);
    const url = await first.originUrl();
    const cookie = await sessionCookie(url, 'sam');
    const users = async (base: string) => ((await (await fetch(`${base}/users?limit=100`, { headers: { cookie } })).json()) as { items: unknown[] }).items.length;
    const before = await users(url);
    await kill(first);
    const second = start('--data', dir);
    expect(await users(await second.originUrl())).toBe(before);
  });
});
