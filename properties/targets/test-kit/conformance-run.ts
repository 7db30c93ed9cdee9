import { runConformance } from '../../conformance/conformance-command.js';
import { configReaders } from '../config-readers.js';

/** The repository's root: the commands run from it, as the README shows them. */
export const root = new URL('../../..', import.meta.url).pathname;

/** `npx apisim conformance …` in this process, as `api/cli/apisim.ts` runs it, from the repository's root. */
export async function conformance(...args: string[]): Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string }> {
  let stdout = '';
  let stderr = '';
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const code = await runConformance(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, configReaders);
    return { code, stdout, stderr };
  } finally {
    process.chdir(cwd);
  }
}
