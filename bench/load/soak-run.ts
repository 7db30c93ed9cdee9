import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startChildServer } from './child-server.js';
import { hostileCycle } from './hostile-traffic.js';
import { prepareCaller } from './load-run.js';
import { residentSetMb } from './rss.js';
import type { SoakSample } from './soak-verdict.js';

export interface SoakOptions {
  readonly durationSeconds: number;
  readonly sampleSeconds: number;
  readonly connections: number;
}

/**
 * `npm run soak`: npm start's server (`--front --rate-limit off`, data in a temporary folder, as
 * `npm run load` starts it) under `hostileCycle` through its shared cache for `durationSeconds`, its RSS read
 * every `sampleSeconds` from outside the process. The rate limit is off so that the traffic reaches every
 * store; the login limiter, the caches' budgets and the quotas are what must keep memory flat.
 */
export async function runSoak(options: SoakOptions, log: (line: string) => void): Promise<SoakSample[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'apisim-soak-'));
  const server = await startChildServer('server/main.ts', ['--port', '0', '--front', '--rate-limit', 'off', '--data', dataDir], ['origin', 'shared cache']);
  try {
    const cookie = await prepareCaller(server.urls.get('origin')!);
    const answers = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    let errors = 0;
    const samples: SoakSample[] = [];
    const startedMs = performance.now();
    const sample = async (): Promise<void> => {
      const rssMb = await residentSetMb(server.pid);
      if (rssMb === undefined) throw new Error(`cannot read the server's RSS (/proc/${server.pid}/status): the soak needs Linux`);
      const elapsedSeconds = Math.round((performance.now() - startedMs) / 100) / 10;
      samples.push({ elapsedSeconds, rssMb, answers: { ...answers }, errors });
      log(`${String(elapsedSeconds).padStart(6)} s  RSS ${String(rssMb).padStart(6)} MB  answers 2xx ${answers['2xx']}  4xx ${answers['4xx']}  5xx ${answers['5xx']}  no answer ${errors}`);
    };
    await sample();
    const timer = setInterval(() => void sample(), options.sampleSeconds * 1_000);
    try {
      await new Promise<void>((resolve, reject) => {
        const instance = autocannon(
          { url: server.urls.get('shared cache')!, connections: options.connections, pipelining: 1, duration: options.durationSeconds, requests: hostileCycle(randomUUID().slice(0, 8), cookie) },
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
    return samples;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
