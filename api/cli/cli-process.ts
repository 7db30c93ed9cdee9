import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** A finished command: its exit code and what it printed. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `npm run sim` as a user runs it (through tsx), with its exit code and output: for the CLI's own tests. */
export function sim(...args: string[]): Promise<CliRun> {
  return simWith({}, ...args);
}

/** `sim`, with more in its environment: `TMPDIR` to give tsx a cache folder of its own. */
export function simWith(env: Readonly<Record<string, string>>, ...args: string[]): Promise<CliRun> {
  return node(env, ['--import', 'tsx', 'api/cli/sim.ts', ...args]);
}

/** `npm run apisim -- …` (`npx apisim …` once installed), with more in its environment: `DATABASE_URL` for an app on a real database. */
export function apisimWith(env: Readonly<Record<string, string>>, ...args: string[]): Promise<CliRun> {
  return node(env, ['--conditions=apisim-source', '--import', 'tsx', 'api/cli/apisim.ts', ...args]);
}

async function node(env: Readonly<Record<string, string>>, args: readonly string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await exec(process.execPath, args, { env: { ...process.env, ...env }, maxBuffer: 1 << 28 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
