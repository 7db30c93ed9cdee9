import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon, { type Request } from 'autocannon';
import { startChildServer } from './child-server.js';
import { type HitTiming, startHitProbe } from './hit-probe.js';
import { hostileCycle } from './hostile-traffic.js';
import { prepareCaller } from './load-run.js';
import { residentSetMb } from './rss.js';
import { type FloodTally, loginFlood, loginFrom, socketFlood } from './soak-floods.js';
import type { SoakSample } from './soak-verdict.js';

export interface SoakOptions {
  readonly durationSeconds: number;
  readonly sampleSeconds: number;
  readonly connections: number;
  /** Loops logging in with the right password, one login after another, beside the hostile cycle. */
  readonly loginFloodConnections: number;
  /** False: the hostile cycle and the probe alone, a control for the floods' effect on a hit's latency. */
  readonly floods: boolean;
}

export interface SoakResult {
  readonly samples: SoakSample[];
  readonly hits: readonly HitTiming[];
  /** Reads of the probe that were no hit. */
  readonly probeOthers: number;
  readonly floods: Readonly<Record<string, FloodTally>>;
}

/** Who floods: two callers' graph sockets at their message budget, a third's right passwords; alice runs the cycle. */
const socketCallers = ['bob', 'carol'] as const;
const socketsPerCaller = 8;
/** Just under a caller's budget (40 messages a second, `defaultMessageBudget`), so timer jitter is never a refusal. */
const pingsPerCallerPerSecond = 38;
const loginFlooder = 'sam';

/**
 * `npm run soak`: npm start's server (`--front --rate-limit off`, data in a temporary folder, as
 * `npm run load` starts it) under `hostileCycle` through its shared cache for `durationSeconds`, its RSS read
 * every `sampleSeconds` from outside the process. The rate limit is off so that the traffic reaches every
 * store; the login limiter, the caches' budgets and the quotas are what must keep memory flat.
 */
export async function runSoak(options: SoakOptions, log: (line: string) => void): Promise<SoakResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'apisim-soak-'));
  const server = await startChildServer('server/main.ts', ['--port', '0', '--front', '--rate-limit', 'off', '--data', dataDir], ['origin', 'shared cache']);
  try {
    const origin = server.urls.get('origin')!;
    const cookie = await prepareCaller(origin);
    const answers = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    let errors = 0;
    // The memory budget's 503s are the server keeping its heap, not failing; every other 5xx is a failure.
    let shed = 0;
    const samples: SoakSample[] = [];
    const startedMs = performance.now();
    const probe = startHitProbe(`${server.urls.get('shared cache')!}/notes/1`, cookie, '127.0.0.4', 100, startedMs);
    const sockets = options.floods ? await Promise.all(socketCallers.map(async (name, i) =>
      socketFlood(origin, await loginFrom(origin, name, `127.0.0.${10 + i}`), `127.0.0.${10 + i}`, socketsPerCaller, pingsPerCallerPerSecond))) : [];
    const logins = options.floods ? loginFlood(origin, loginFlooder, '127.0.0.5', options.loginFloodConnections) : undefined;
    const sample = async (): Promise<void> => {
      const rssMb = await residentSetMb(server.pid);
      if (rssMb === undefined) throw new Error(`cannot read the server's RSS (/proc/${server.pid}/status): the soak needs Linux`);
      const elapsedSeconds = Math.round((performance.now() - startedMs) / 100) / 10;
      samples.push({ elapsedSeconds, rssMb, answers: { ...answers }, shed, errors });
      log(`${String(elapsedSeconds).padStart(6)} s  RSS ${String(rssMb).padStart(6)} MB  answers 2xx ${answers['2xx']}  4xx ${answers['4xx']}  5xx ${answers['5xx']} (memory budget ${shed})  no answer ${errors}  hits timed ${probe.hits.length}`);
    };
    await sample();
    const timer = setInterval(() => void sample(), options.sampleSeconds * 1_000);
    try {
      await new Promise<void>((resolve, reject) => {
        const instance = autocannon(
          { url: server.urls.get('shared cache')!, connections: options.connections, pipelining: 1, duration: options.durationSeconds, requests: countingShed(hostileCycle(randomUUID().slice(0, 8), cookie), () => shed++) },
          (error) => (error === null || error === undefined ? resolve() : reject(error as Error)),
        );
        instance.on('response', (_client, statusCode) => {
          const group = `${Math.floor(statusCode / 100)}xx`;
          if (group in answers) answers[group as keyof typeof answers]++;
        });
        instance.on('reqError', () => errors++);
      });
    } finally {
      clearInterval(timer);
    }
    await sample();
    const floods: Record<string, FloodTally> = logins === undefined ? {} : { [`${loginFlooder}'s right-password logins`]: await logins.stop() };
    for (const [i, flood] of sockets.entries()) floods[`${socketCallers[i]}'s ${socketsPerCaller} sockets of pings`] = await flood.stop();
    await probe.stop();
    return { samples, hits: probe.hits, probeOthers: probe.others(), floods };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Each request of the cycle also tells `onShed` of a 503 the memory budget answered (its body names it). */
function countingShed(requests: Request[], onShed: () => void): Request[] {
  return requests.map((request) => ({
    ...request,
    onResponse: (status, body, context, headers) => {
      if (status === 503 && body.includes('/problems/memory-budget')) onShed();
      if (typeof request.onResponse === 'function') request.onResponse(status, body, context, headers);
    },
  }));
}
