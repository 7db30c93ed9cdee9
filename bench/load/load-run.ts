import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { type ChildServer, startChildServer } from './child-server.js';
import type { LoadOptions } from './load-options.js';
import { measure } from './measure.js';
import { residentSetMb } from './rss.js';
import { type LoadRow, type LoadTarget, type UnratedRow, unratedRow, withCeilingRatios } from './rows.js';
import { type Door, workloads } from './workloads.js';

/** The server under load: where its doors are, and its process when we can read its RSS. */
interface ServerUnderLoad {
  readonly doors: ReadonlyMap<Door, string>;
  readonly pid: number | undefined;
}

const json = { 'content-type': 'application/json' };

/**
 * A demo caller's session cookie, and note 1 written as that caller (a fresh server has no notes; a PUT
 * makes it, and writes it again harmlessly on a server that has it): every workload reads or writes as
 * alice, as the tour in docs/real-sockets.md does.
 */
export async function prepareCaller(originUrl: string): Promise<string> {
  const res = await fetch(`${originUrl}/sessions`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'alice', password: 'alice-pw' }) });
  const cookie = /^(sid=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (res.status !== 201 || cookie === undefined) throw new Error(`logging in as alice at ${originUrl} answered ${res.status}`);
  const put = await fetch(`${originUrl}/notes/1`, { method: 'PUT', headers: { ...json, cookie }, body: JSON.stringify({ content: 'read under load' }) });
  if (!put.ok) throw new Error(`PUT /notes/1 as alice at ${originUrl} answered ${put.status}`);
  return cookie;
}

/** Whether something answers at `url` at all: a `--base-url` server started without `--front` has no cache. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

async function serverUnderLoad(options: LoadOptions, started: ChildServer | undefined, log: (line: string) => void): Promise<ServerUnderLoad> {
  if (started !== undefined) return { doors: new Map([['origin', started.urls.get('origin')!], ['cache', started.urls.get('shared cache')!]]), pid: started.pid };
  const doors = new Map<Door, string>([['origin', options.baseUrl!]]);
  if (options.cacheUrl !== undefined && (await answers(options.cacheUrl))) doors.set('cache', options.cacheUrl);
  else log(`No cache answers at ${options.cacheUrl}: the cache workload is left out (start the server with --front).`);
  return { doors, pid: options.serverPid };
}

/**
 * `npm run load`: every workload against the hello-world, then against apisim, back to back, round after
 * round. Both servers run in processes of their own; autocannon runs here, so on a small machine all three
 * share the cores, and the ceiling is measured under the same sharing as the origin.
 */
export async function runLoad(options: LoadOptions, log: (line: string) => void): Promise<LoadRow[]> {
  const children: ChildServer[] = [];
  let dataDir: string | undefined;
  try {
    const ceiling = await startChildServer('bench/load/hello-world.ts', [], ['hello-world']);
    children.push(ceiling);
    let started: ChildServer | undefined;
    if (options.baseUrl === undefined) {
      // The storage users get by default, in a folder of its own that goes when the run ends.
      dataDir = mkdtempSync(join(tmpdir(), 'apisim-load-'));
      started = await startChildServer('server/main.ts', ['--port', '0', '--front', '--rate-limit', 'off', '--data', dataDir], ['origin', 'shared cache']);
      children.push(started);
    }
    const server = await serverUnderLoad(options, started, log);
    const cookie = await prepareCaller(server.doors.get('origin')!);
    const runId = randomUUID().slice(0, 8);
    const rows: UnratedRow[] = [];
    const measureOptions = { durationSeconds: options.durationSeconds, connections: options.connections };
    // Built once: the keyed POSTs draw their keys from one counter for the whole run, so that no round re-sends
    // a key of an earlier one (a replay would time the replay, and its DELETE would find the note gone).
    const all = workloads(runId).filter((w) => options.workloads.includes(w.name));
    for (let round = 1; round <= options.rounds; round++) {
      for (const workload of all) {
        const door = server.doors.get(workload.door);
        if (door === undefined) continue;
        const targets: readonly [LoadTarget, string, number | undefined][] = [['ceiling', ceiling.urls.get('hello-world')!, ceiling.pid], ['apisim', door, server.pid]];
        for (const [target, url, pid] of targets) {
          const before = pid === undefined ? undefined : await residentSetMb(pid);
          const measured = await measure(url, workload, cookie, measureOptions);
          const after = pid === undefined ? undefined : await residentSetMb(pid);
          rows.push(unratedRow(round, workload.name, target, measured, before, after));
          log(`round ${round}  ${workload.name.padEnd(20)} ${target.padEnd(8)} ${measured.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${measured.p50Ms} ms  p99 ${measured.p99Ms} ms  non-2xx ${measured.non2xx}  RSS ${before ?? '?'} → ${after ?? '?'} MB`);
        }
      }
    }
    return withCeilingRatios(rows);
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}
