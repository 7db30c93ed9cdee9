import { type ChildProcess, spawn } from 'node:child_process';

export interface SpawnedServer {
  readonly child: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  readonly output: () => string;
  /** How it ended: an exit code, or the signal that killed it. */
  readonly exit: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
  /** Its banner, once it listens; rejects if it exits first. */
  readonly ready: Promise<string>;
  /** The origin's URL, read off the banner. */
  readonly originUrl: () => Promise<string>;
}

/**
 * `npm start` as a user runs it, minus npm: node with tsx, in a process of its own, so a test can stop it with
 * a signal (SIGKILL included) and start it again. `env` adds to this process's environment.
 */
export function spawnServer(args: readonly string[], env: Readonly<Record<string, string>> = {}): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (output.includes('Ctrl-C stops it.')) resolve(output);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`exited before it was ready:\n${output}`)));
  });
  // A run that is expected to fail never gets ready; its rejection is only an error for those that wait on it.
  ready.catch(() => undefined);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const originUrl = async (): Promise<string> => {
    const url = /origin +(http:\/\/\S+)/.exec(await ready)?.[1];
    if (url === undefined) throw new Error(`no origin URL in the banner:\n${output}`);
    return url;
  };
  return { child, output: () => output, exit, ready, originUrl };
}
