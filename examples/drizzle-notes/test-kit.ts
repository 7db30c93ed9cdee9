import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * The folder of Postgres's server programs (`initdb`, `pg_ctl`): Debian's postgresql package puts them in
 * /usr/lib/postgresql/<version>/bin, off the PATH. Undefined when no server is installed.
 */
export function postgresBin(): string | undefined {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => existsSync(join(debian, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest === undefined ? undefined : join(debian, newest, 'bin');
}

/** A Postgres server of its own, in a temporary folder, on a loopback port; `stop` removes it. */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * `initdb` in a temporary folder and `pg_ctl start` on a free loopback port, trusting local connections. Postgres
 * refuses to run as root, so as root it runs as the `postgres` user the package made.
 */
export async function startPostgres(bin: string): Promise<ThrowawayPostgres> {
  const folder = await mkdtemp(join(tmpdir(), 'apisim-postgres-'));
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) =>
    asRoot ? exec('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : exec(join(bin, program), args);
  if (asRoot) {
    const { stdout } = await exec('id', ['-u', 'postgres']);
    const { stdout: group } = await exec('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const data = join(folder, 'data');
  const port = await freePort();
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  await run('pg_ctl', ['-D', data, '-l', join(folder, 'log'), '-w', '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A fetch app (Hono) on a real socket, through node:http: what `@hono/node-server` does, in a few lines. */
export async function serveFetch(app: { fetch(request: Request): Response | Promise<Response> }): Promise<{ readonly url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
      const headers = Object.entries(req.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]]));
      Promise.resolve(app.fetch(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, ...(hasBody ? { body: Buffer.concat(chunks) } : {}) })))
        .then(async (response) => {
          res.writeHead(response.status, [...response.headers].flat());
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
