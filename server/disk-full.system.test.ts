import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeSync, openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from './test-kit/demo-login.js';
import { spawnServer, type SpawnedServer } from './test-kit/spawned-server.js';

/**
 * A real full disk: a small tmpfs the test mounts, so only root (or a container allowed to mount) can run it.
 * Anywhere else it is skipped, and says so: a full disk cannot be faked for a separate process.
 */
const mountPoint = mkdtempSync(join(tmpdir(), 'apisim-full-disk-'));
const mounted = ((): boolean => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const json = { 'content-type': 'application/json' };
const ballast = join(mountPoint, 'ballast');
const servers: SpawnedServer[] = [];

/** Fills what is left of the disk with one file, so the next page LMDB needs is not there. */
function fillDisk(): void {
  const fd = openSync(ballast, 'w');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

afterAll(() => {
  for (const server of servers) server.child.kill('SIGKILL');
  if (mounted) execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

describe.skipIf(!mounted)('npm start on a full disk (a tmpfs this test mounts; skipped where it cannot mount)', () => {
  const dataDir = join(mountPoint, 'data');
  let url = '';
  let cookie = '';
  let server: SpawnedServer;
  beforeAll(async () => {
    server = spawnServer(['--port', '0', '--data', dataDir, '--rate-limit', 'off']);
    servers.push(server);
    url = await server.originUrl();
    cookie = await sessionCookie(url, 'alice');
  });

  const post = (key: string, content: string) => fetch(`${url}/notes`, { method: 'POST', headers: { ...json, cookie, 'idempotency-key': key }, body: JSON.stringify({ content }) });
  const read = async (id: number): Promise<[number, string | undefined]> => {
    const res = await fetch(`${url}/notes/${id}`, { headers: { cookie } });
    return [res.status, res.status === 200 ? ((await res.json()) as { content: string }).content : (await res.arrayBuffer(), undefined)];
  };
  const big = 'z'.repeat(60_000);
  /** Every note acknowledged with 201, by id. */
  const acknowledged = new Map<number, string>();
  let refusedKey = '';
  let lastId = 0;

  it('refuses writes with 507 and problem details, keeps nothing of them, answers reads, and stays up', async () => {
    const first = await post('first', 'acknowledged');
    expect(first.status).toBe(201);
    lastId = ((await first.json()) as { id: number }).id;
    acknowledged.set(lastId, 'acknowledged');
    fillDisk();
    let refusal: Response | undefined;
    // Pages LMDB freed earlier may take a few notes yet; 60 KB notes use them up within a handful.
    for (let i = 0; i < 40 && refusal === undefined; i++) {
      const res = await post(`key-${i}`, `${i} ${big}`);
      if (res.status === 507) {
        refusal = res;
        refusedKey = `key-${i}`;
        continue;
      }
      expect(res.status).toBe(201);
      lastId = ((await res.json()) as { id: number }).id;
      acknowledged.set(lastId, `${i} ${big}`);
    }
    expect(refusal?.status).toBe(507);
    expect(refusal!.headers.get('content-type')).toBe('application/problem+json');
    expect(await refusal!.json()).toMatchObject({ type: '/problems/insufficient-storage', status: 507 });
    // Nothing of it is there: not the note the refused request made under the next id.
    expect(await read(lastId + 1)).toEqual([404, undefined]);
    // Reads (each one an audit record the log cannot flush) go on, and the process with them.
    for (const [id, content] of acknowledged) expect(await read(id)).toEqual([200, content]);
    for (let i = 0; i < 20; i++) expect((await read(lastId))[0]).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('takes writes again once the disk has room, and a restart finds exactly what was acknowledged', async () => {
    unlinkSync(ballast);
    // The refused request's key was not kept either: sent again, it runs, rather than replaying a 507.
    const again = await post(refusedKey, 'after-room');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const { id } = (await again.json()) as { id: number };
    acknowledged.set(id, 'after-room');
    server.child.kill('SIGKILL');
    await server.exit;
    server = spawnServer(['--port', '0', '--data', dataDir, '--rate-limit', 'off']);
    servers.push(server);
    url = await server.originUrl();
    for (const [noteId, content] of acknowledged) expect(await read(noteId)).toEqual([200, content]);
    expect(await read(lastId + 1)).toEqual([404, undefined]);
  });
});
