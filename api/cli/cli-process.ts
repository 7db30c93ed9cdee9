import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** `npm run sim` as a user runs it (through tsx), with its exit code and output: for the CLI's own tests. */
export function sim(...args: string[]): Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string }> {
  return simWith({}, ...args);
}

/** `sim`, with more in its environment: `TMPDIR` to give tsx a cache folder of its own. */
export async function simWith(env: Readonly<Record<string, string>>, ...args: string[]): Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'api/cli/sim.ts', ...args], { env: { ...process.env, ...env }, maxBuffer: 1 << 28 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
