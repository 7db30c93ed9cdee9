import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpResponse } from '../../src/http/message.js';
import type { Note } from '../../src/notes/store.js';
import { createOriginStorage } from '../../src/origin-storage.js';
import { defaultOriginSettings } from '../../src/origin.js';
import { credentialOf } from '../../sim/scenario/credentials.js';
import type { RunResult } from '../../sim/scenario/result.js';
import type { ScenarioSpec } from '../../sim/scenario/spec.js';
import { crashSwitchVariable, type RealCrashPoint } from '../../server/crash-switch.js';
import { DurableTables } from '../../server/storage/durable-tables.js';
import { spawnServer, type SpawnedServer } from '../../server/test-kit/spawned-server.js';
import { Upstream } from '../../server/upstream.js';
import { loginOverSocket } from './real-credentials.js';
import { withCredential } from './socket-run.js';

/** What a scenario with one crash did against `npm start`'s real process. */
export interface RealCrashRun {
  /** The answer each step finally got, re-sends included, by step. */
  readonly responses: readonly HttpResponse[];
  /** How many times the process died by SIGKILL (and was started again on the same data). */
  readonly kills: number;
  /** The notes in the data folder once the server has stopped; undefined with storage in memory. */
  readonly notesOnDisk: readonly Note[] | undefined;
}

/**
 * Runs a single-client scenario's steps against `npm start` in a process of its own, which kills itself with
 * SIGKILL at `point` of the scenario's crashing request (`APISIM_CRASH_AT`). The client does what the
 * simulator's keyed client does: a request whose answer was lost (the connection died with the process) is
 * sent again, with the same `Idempotency-Key`, once the server has been started again on the same data. The
 * login that gets the real credential is the process's first request, so the scenario's request n is n + 1.
 */
export async function runWithRealCrash(spec: ScenarioSpec, simulated: RunResult, point: RealCrashPoint, storage: 'data' | 'memory'): Promise<RealCrashRun> {
  const crash = spec.crashes[0];
  if (spec.crashes.length !== 1 || crash === undefined || !('request' in crash)) throw new Error('the real crash run takes one crash at a request');
  const dir = mkdtempSync(join(tmpdir(), 'apisim-crash-'));
  const storageArgs = storage === 'data' ? ['--data', dir] : ['--memory'];
  let server: SpawnedServer | undefined;
  try {
    server = spawnServer(['--port', '0', ...storageArgs], { [crashSwitchVariable]: `${point}:${crash.request + 1}` });
    let origin = new Upstream(await server.originUrl(), undefined);
    const credentials = new Map<string, Readonly<Record<string, string>>>();
    for (const name of new Set(spec.steps.map((step) => credentialOf(spec, step)))) credentials.set(name, await loginOverSocket(origin, name));
    const responses: HttpResponse[] = [];
    let kills = 0;
    for (const [i, step] of spec.steps.entries()) {
      const request = withCredential(simulated.exchanges[i]!.request, step, credentials.get(credentialOf(spec, step))!);
      let response = await origin.send(request);
      while (lost(response)) {
        const { signal } = await server.exit;
        if (signal !== 'SIGKILL') throw new Error(`the answer to step ${i} was lost, but the server ended with ${String(signal)}:\n${server.output()}`);
        kills++;
        server = spawnServer(['--port', '0', ...storageArgs]);
        origin = new Upstream(await server.originUrl(), undefined);
        response = await origin.send(request);
      }
      responses.push(response);
    }
    server.child.kill('SIGTERM');
    await server.exit;
    return { responses, kills, notesOnDisk: storage === 'data' ? notesIn(dir) : undefined };
  } finally {
    server?.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The client's own 502: the connection broke off or could not be made. The origin never answers 502 itself. */
function lost(response: HttpResponse): boolean {
  return response.status === 502 && (response.body ?? '').includes('/problems/bad-gateway');
}

function notesIn(dir: string): Note[] {
  const tables = DurableTables.open(dir);
  try {
    return createOriginStorage(() => 0, () => 'unused', defaultOriginSettings, tables).notes.snapshot();
  } finally {
    void tables.close();
  }
}
