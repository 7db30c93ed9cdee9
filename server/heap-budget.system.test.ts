import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOriginStorage } from '../src/origin-storage.js';
import { defaultOriginSettings } from '../src/origin.js';
import { DurableTables } from './storage/durable-tables.js';
import { sessionCookie } from './test-kit/demo-login.js';
import { spawnServer, type SpawnedServer } from './test-kit/spawned-server.js';

const folders: string[] = [];
const servers: SpawnedServer[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `npm start` on a heap of `heapMib` (the old generation's limit, as `--max-old-space-size` sets it). */
function start(heapMib: number, ...args: string[]): SpawnedServer {
  const server = spawnServer(['--port', '0', ...args], { NODE_OPTIONS: `--max-old-space-size=${heapMib}` });
  servers.push(server);
  return server;
}

describe('npm start on a small heap', () => {
  it('sheds writes with 503 and Retry-After once its heap is past the budget, goes on answering reads and deletes, and stays up', async () => {
    const server = start(160, '--memory', '--rate-limit', 'off', '--heap-budget', '0.3');
    const origin = await server.originUrl();
    const cookies = await Promise.all(['alice', 'bob', 'carol'].map((name) => sessionCookie(origin, name)));
    const content = 'h'.repeat(60_000);
    // Each keyed PUT keeps its 60 KB answer as an idempotency record (16 MiB per caller): about 48 MiB
    // across the three customers, past 0.3 of 160 MiB with the server's own.
    const statuses = new Map<number, number>();
    let shed: Response | undefined;
    for (let i = 0; i < 1_200 && shed === undefined; i += 3) {
      const answers = await Promise.all(cookies.map((cookie, n) => fetch(`${origin}/notes/${n + 1}`, {
        method: 'PUT', headers: { cookie, 'content-type': 'application/json', 'idempotency-key': `heap-${i + n}` }, body: JSON.stringify({ content }),
      })));
      for (const res of answers) {
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 503) shed = res;
        else await res.arrayBuffer();
      }
    }
    expect(shed, `statuses: ${JSON.stringify([...statuses])}`).toBeDefined();
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect([shed!.headers.get('retry-after'), await shed!.json()]).toMatchObject(['5', { type: '/problems/memory-budget', status: 503 }]);
    const [read, removed] = [await fetch(`${origin}/notes/1`, { headers: { cookie: cookies[0]! } }), await fetch(`${origin}/notes/2`, { method: 'DELETE', headers: { cookie: cookies[1]! } })];
    expect([read.status, removed.status]).toEqual([200, 204]);
    server.child.kill('SIGTERM');
    expect((await server.exit).code).toBe(0);
  });

  it('refuses at start, with exit 2 and the heap to give it, a folder whose data would not fit, and starts on that heap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apisim-heap-'));
    folders.push(dir);
    const tables = DurableTables.open(dir);
    const storage = createOriginStorage(() => 0, () => 'id', defaultOriginSettings, tables);
    // About 30 MiB of notes, as four callers near their quota and more would leave.
    await tables.serve(() => {
      for (let i = 0; i < 500; i++) storage.notes.add(`${i}:${'n'.repeat(60_000)}`, 1 + (i % 4));
    });
    await tables.close();
    const small = start(40, '--data', dir);
    expect((await small.exit).code).toBe(2);
    const advice = /--max-old-space-size=(\d+) \(npm start: NODE_OPTIONS=/.exec(small.output());
    expect(small.output(), small.output()).toMatch(/Could not start: the data in .* needs about \d+ MiB of heap to load, and node may use 40 MiB here/);
    const enough = start(Number(advice![1]), '--data', dir);
    await enough.ready;
    const notes = await fetch(`${await enough.originUrl()}/notes/500`, { headers: { cookie: await sessionCookie(await enough.originUrl(), 'alice') } });
    expect(notes.status).toBe(200);
  });
});
