import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UserError } from '../../sim/user-error.js';

/** `--trace-out` cannot be written: one line, exit code 2, and no stack, which would only point into apisim. */
export class TraceOutError extends UserError {}

/**
 * Checks, before a run, that `--trace-out`'s file can be written where it names: the trace is written after
 * the whole run, so a mistyped folder would otherwise be found only when the run's work is done.
 */
export async function checkTraceOut(path: string): Promise<void> {
  const folder = dirname(resolve(path));
  const found = await stat(folder).catch(() => undefined);
  if (found === undefined) throw new TraceOutError(`--trace-out ${path}: the folder ${folder} does not exist; create it first, or name a file in a folder that does`);
  if (!found.isDirectory()) throw new TraceOutError(`--trace-out ${path}: ${folder} is a file, not a folder`);
  const target = await stat(path).catch(() => undefined);
  if (target?.isDirectory() === true) throw new TraceOutError(`--trace-out ${path}: that is a folder; name a file in it, e.g. ${path.replace(/\/?$/, '/run.json')}`);
}

/** Writing failed after all (no permission, a full disk): said as a check would say it, in one line. */
export function traceOutFailed(path: string, error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code;
  throw new TraceOutError(`--trace-out ${path}: cannot write it (${code ?? (error as Error).message})`);
}
