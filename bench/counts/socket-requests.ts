import { Agent, request } from 'node:http';
import type { Request } from 'autocannon';
import { prepareCaller } from '../load/load-run.js';
import { workloads } from '../load/workloads.js';

/** Requests a server answers in one run of a request mode: as many as a graph mode's queries, for the same reason. */
export const requestsPerRun = 100;

/**
 * The servers of `npm run load`, built, each with the `npm run load` workload whose requests it is sent:
 * the node:http ceiling gets the graph workload's, so that its ratio to `graph-nested-sample` is the load
 * report's. Paths are in the build folder; the data folder is made for each process.
 */
export const socketModes = {
  ceiling: { script: ['bench', 'load', 'hello-world.js'], workload: 'graph-nested-sample', printed: 'hello-world', caller: false },
  'get-origin': { script: ['server', 'main.js'], workload: 'get-origin', printed: 'origin', caller: true },
  'graph-nested-sample': { script: ['server', 'main.js'], workload: 'graph-nested-sample', printed: 'origin', caller: true },
} as const;

export type SocketMode = keyof typeof socketModes;

/** What `npm run load` starts the server with, on one port and in a data folder of its own. */
export function serverArgs(mode: SocketMode, dataDir: string): string[] {
  return socketModes[mode].caller ? ['--port', '0', '--rate-limit', 'off', '--data', dataDir] : [];
}

/**
 * Sends `count` of `mode`'s workload requests to `url` one after another on one keep-alive connection, as
 * alice (signed in first, note 1 written), each answer read whole and required to be 2xx. node:http sends
 * exactly the workload's header fields beside `host` and `connection`, as autocannon does.
 */
export async function sendRequests(mode: SocketMode, url: string, count: number): Promise<void> {
  const cookie = socketModes[mode].caller ? await prepareCaller(url) : '';
  const workload = workloads('counts').find((w) => w.name === socketModes[mode].workload)!;
  const [sent] = workload.requests(cookie) as [Request];
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < count; i++) {
      const status = await send(agent, url, sent);
      if (status < 200 || status > 299) throw new Error(`${mode}: ${sent.method} ${sent.path} answered ${status}`);
    }
  } finally {
    agent.destroy();
  }
}

function send(agent: Agent, url: string, sent: Request): Promise<number> {
  const { hostname, port } = new URL(url);
  const body = sent.body === undefined ? undefined : Buffer.from(sent.body as string, 'utf8');
  const headers = { ...sent.headers, ...(body !== undefined && { 'content-length': String(body.length) }) };
  return new Promise((resolve, reject) => {
    const req = request({ agent, hostname, port, method: sent.method, path: sent.path, headers }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0)).once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}
