import { type ChildProcess, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sessionCookie } from './test-kit/demo-login.js';

/** `npm start` as a user runs it, minus npm: node with tsx, in a process of its own. */
function start(...args: string[]): { readonly child: ChildProcess; readonly output: () => string; readonly exit: Promise<number | null>; readonly ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit, ready };
}

describe('npm start', () => {
  it('refuses a flag it does not know with the usage and exit status 2', async () => {
    const run = start('--front', '--bogus');
    expect(await run.exit).toBe(2);
    expect(run.output()).toContain("npm start: Unknown option '--bogus'");
    expect(run.output()).toContain('Usage: npm start');
  });

  it('serves the origin and the front, and on SIGTERM stops and exits 0', { timeout: 20_000 }, async () => {
    const run = start('--port', '0', '--front');
    const banner = await run.ready;
    const [origin, cache, unstable] = ['origin', 'shared cache', 'unstable line'].map((name) => new RegExp(`${name} +(http://\\S+)`).exec(banner)?.[1]);
    expect([origin, cache, unstable].every((url) => url?.startsWith('http://127.0.0.1:'))).toBe(true);
    const cookie = await sessionCookie(origin!, 'alice');
    expect((await fetch(`${cache!}/orders/121`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${origin!}/orders/123`, { headers: { cookie } })).status).toBe(403);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.output()).toContain('SIGTERM: no new connections');
    expect(run.output()).toContain('Stopped.');
  });

  it('with --rate-limit off answers a burst of one caller with no 429', { timeout: 20_000 }, async () => {
    const run = start('--port', '0', '--rate-limit', 'off');
    const origin = /origin +(http:\/\/\S+)/.exec(await run.ready)![1]!;
    const cookie = await sessionCookie(origin, 'alice');
    const statuses = await Promise.all(Array.from({ length: 60 }, async () => (await fetch(`${origin}/orders/121`, { headers: { cookie } })).status));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });
});
