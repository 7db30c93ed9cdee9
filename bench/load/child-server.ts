import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));

export interface ChildServer {
  readonly pid: number;
  /** The first URL printed after each name asked for, e.g. `origin` → `http://127.0.0.1:40123`. */
  readonly urls: ReadonlyMap<string, string>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx <script> ...args` from the project folder and waits until it has printed a URL
 * after every one of `names`. A process of its own, so its RSS is its alone and it has its own event loop.
 */
export function startChildServer(script: string, args: readonly string[], names: readonly string[]): Promise<ChildServer> {
  return startChild(process.execPath, ['--import', 'tsx', script, ...args], names, projectDir);
}

/**
 * `command args` from `cwd`, as `startChildServer` starts a server: `npm run bench:counts` starts built
 * servers under valgrind with it.
 */
export async function startChild(command: string, args: readonly string[], names: readonly string[], cwd: string): Promise<ChildServer> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const urls = await new Promise<Map<string, string>>((resolve, reject) => {
    let output = '';
    const found = new Map<string, string>();
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      for (const name of names) {
        const url = new RegExp(`^\\s*${name} +(http://\\S+)`, 'm').exec(output)?.[1];
        if (url !== undefined) found.set(name, url);
      }
      if (found.size === names.length) resolve(found);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before it printed ${names.join(', ')}:\n${output}`)));
  });
  return { pid: child.pid!, urls, stop: () => stop(child, exited) };
}

async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}
