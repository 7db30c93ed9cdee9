import { readFile } from 'node:fs/promises';

/**
 * The resident set of a process in MB, from `/proc/<pid>/status` (Linux); undefined where there is no such
 * file (another system, or a process that is gone). Read from outside, so measuring adds nothing to it.
 */
export async function residentSetMb(pid: number): Promise<number | undefined> {
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  return kb === undefined ? undefined : Math.round((Number(kb) / 1024) * 10) / 10;
}
