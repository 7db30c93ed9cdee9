import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * What the last Stryker run was, beside its JSON report (Stryker's report holds no timings): the command,
 * so the score says how to reproduce it, and its wall-clock time. `--score-only` reads it back.
 */
const runRecord = z.object({ command: z.string(), strykerMs: z.number().nonnegative() });
export type RunRecord = z.infer<typeof runRecord>;

export async function writeRunRecord(path: string, record: RunRecord): Promise<void> {
  await writeFile(path, `${JSON.stringify(record, null, 2)}\n`);
}

/** `undefined` when there is none, or it is not one: the score then says the run is unknown rather than fail. */
export async function readRunRecord(path: string): Promise<RunRecord | undefined> {
  try {
    const parsed = runRecord.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
