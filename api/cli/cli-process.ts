import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** `npm run sim` as a user runs it (through tsx), with its exit code and output: for the CLI's own tests. */
export async function sim(...args: string[]): Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'api/cli/sim.ts', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
