import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionCookie } from './test-kit/demo-login.js';
import { spawnServer, type SpawnedServer } from './test-kit/spawned-server.js';

/**
 * How many SIGKILLs: a few in every run of the system tests; `APISIM_CRASHES=50` is the standing figure of
 * the hardening review, run by hand and recorded in docs/real-sockets.md.
 */
const crashes = Number(process.env.APISIM_CRASHES ?? 3);
const workersPerCaller = 4;
const callers = ['alice', 'bob', 'carol'] as const;
const json = { 'content-type': 'application/json' };

/** What became of one keyed POST: its note's id once a 2xx named it, before or after the crash. */
interface Write {
  readonly key: string;
  readonly cookie: string;
  id?: number;
  acknowledgedBeforeCrash: boolean;
}

const dir = mkdtempSync(join(tmpdir(), 'apisim-crash-'));
let server: SpawnedServer | undefined;
afterAll(() => {
  server?.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function post(url: string, write: Write): Promise<number | undefined> {
  const res = await fetch(`${url}/notes`, { method: 'POST', headers: { ...json, cookie: write.cookie, 'idempotency-key': write.key }, body: JSON.stringify({ content: write.key }) });
  return res.status === 201 ? ((await res.json()) as { id: number }).id : undefined;
}

/** A note's content, or undefined when there is none; any other answer is the test's failure, never a loss. */
async function contentOf(url: string, cookie: string, id: number): Promise<string | undefined> {
  const res = await fetch(`${url}/notes/${id}`, { headers: { cookie } });
  if (res.status === 404) return undefined;
  if (res.status !== 200) throw new Error(`GET /notes/${id} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { content: string }).content;
}

describe(`npm start under keyed-write load, SIGKILLed ${crashes} times at random moments`, () => {
  it('loses no acknowledged write and applies no write twice', async () => {
    let tally = { acknowledged: 0, inFlight: 0, lost: 0, duplicated: 0 };
    server = spawnServer(['--port', '0', '--data', dir, '--rate-limit', 'off']);
    let url = await server.originUrl();
    // Sessions are kept with the data: the same cookies work after every restart.
    const cookies = await Promise.all(callers.map((name) => sessionCookie(url, name)));
    for (let round = 0; round < crashes; round++) {
      const writes: Write[] = [];
      let crashed = false;
      // Asked afresh after each await: the crash happens outside the workers' loops.
      const hasCrashed = (): boolean => crashed;
      const worker = async (cookie: string, w: number): Promise<void> => {
        for (let n = 0; !hasCrashed(); n++) {
          const write: Write = { key: `r${round}-w${w}-${n}-${cookie.slice(-6)}`, cookie, acknowledgedBeforeCrash: false };
          writes.push(write);
          const id = await post(url, write).catch(() => undefined);
          if (id !== undefined && !hasCrashed()) {
            write.id = id;
            write.acknowledgedBeforeCrash = true;
          }
        }
      };
      const load = cookies.flatMap((cookie, c) => Array.from({ length: workersPerCaller }, (_, w) => worker(cookie, c * workersPerCaller + w)));
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 1_350));
      server.child.kill('SIGKILL');
      crashed = true;
      expect((await server.exit).signal).toBe('SIGKILL');
      await Promise.all(load);
      server = spawnServer(['--port', '0', '--data', dir, '--rate-limit', 'off']);
      url = await server.originUrl();
      // Every write the crash left unanswered is sent again with its key: replayed, or run once.
      for (const write of writes.filter((w) => w.id === undefined)) write.id = await post(url, write);
      const acknowledged = writes.filter((w) => w.acknowledgedBeforeCrash);
      // One read at a time: hundreds at once would meet the per-address connection cap, whose 503 is no loss.
      let lost = 0;
      for (const w of acknowledged) if ((await contentOf(url, w.cookie, w.id!)) !== w.key) lost++;
      // A note of this round under an id its key was not answered with is a write applied twice.
      const ids = writes.map((w) => w.id ?? 0);
      const keys = new Map(writes.map((w) => [w.key, w]));
      let duplicated = 0;
      for (let id = Math.min(...ids); id <= Math.max(...ids) + 50; id++) {
        const content = await contentOf(url, cookies[0]!, id);
        if (content !== undefined && keys.has(content) && keys.get(content)!.id !== id) duplicated++;
      }
      tally = { acknowledged: tally.acknowledged + acknowledged.length, inFlight: tally.inFlight + writes.length - acknowledged.length, lost: tally.lost + lost, duplicated: tally.duplicated + duplicated };
      expect({ round, unanswered: writes.filter((w) => w.id === undefined).length, lost, duplicated }).toEqual({ round, unanswered: 0, lost: 0, duplicated: 0 });
      // Each caller's notes are bounded (1,000): the checked notes go, so any number of rounds fits.
      for (const w of writes) expect((await fetch(`${url}/notes/${w.id!}`, { method: 'DELETE', headers: { cookie: w.cookie } })).status).toBe(204);
    }
    console.log(`crash-standing: ${crashes} SIGKILLs, ${tally.acknowledged} acknowledged, ${tally.inFlight} in flight re-sent, ${tally.lost} lost, ${tally.duplicated} duplicated`);
    server.child.kill('SIGTERM');
    await server.exit;
  }, 60_000 + crashes * 30_000);
});
