import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseCurlCommand } from './curl-command.js';

const exec = promisify(execFile);

/** What a replayed `curl` command got back. */
export interface Replayed {
  readonly status: number;
  readonly body: string;
  readonly via: 'curl' | 'fetch';
}

/** Whether a `curl` binary can be run here. */
export async function curlAvailable(): Promise<boolean> {
  try {
    await exec('curl', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** Runs the command as a user would paste it, through `sh`; `-i` puts the status line and headers first. */
async function replayWithCurl(command: string): Promise<Replayed> {
  const { stdout } = await exec('sh', ['-c', command], { timeout: 10_000 });
  const split = stdout.indexOf('\r\n\r\n');
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(stdout)?.[1]);
  return { status, body: split < 0 ? '' : stdout.slice(split + 4), via: 'curl' };
}

/** Reads the command back into a request and sends it with fetch: for machines without curl. */
export async function replayWithFetch(command: string): Promise<Replayed> {
  const request = parseCurlCommand(command);
  const res = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' });
  return { status: res.status, body: await res.text(), via: 'fetch' };
}

export async function replay(command: string): Promise<Replayed> {
  return (await curlAvailable()) ? replayWithCurl(command) : replayWithFetch(command);
}
