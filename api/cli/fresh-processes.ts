import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { RunRecord } from '../../sim/scenario/result.js';
import type { TraceBound } from '../../sim/trace.js';
import type { TraceEvent } from '../../sim/trace-event.js';

/**
 * Set in the environment of a process `--check-determinism` starts: `sim` then prints its run's record
 * (`RunCopy`) as JSON instead of its usual output, for the parent to compare with its own runs.
 */
export const runRecordVariable = 'APISIM_RUN_RECORD';

/** What a run in another process sends back: enough to compare traces and name the first event that differs. */
export interface RunCopy {
  readonly scenario: string;
  readonly seed: number;
  readonly traceHash: string;
  readonly trace: { readonly count: number; readonly omittedEvents: number; readonly bound: TraceBound; readonly events: readonly TraceEvent[] };
  readonly exchanges: readonly { readonly id: number }[];
  /** What the world saw the app call that it cannot repeat (`GuestRunResult.notVirtual`); empty for apisim's own origin. */
  readonly notVirtual: readonly string[];
}

export function runCopyJson(run: RunRecord & { readonly notVirtual?: readonly string[] }): string {
  const { scenario, seed, traceHash, trace, exchanges } = run;
  const copy: RunCopy = {
    scenario, seed, traceHash,
    trace: { count: trace.count, omittedEvents: trace.omittedEvents, bound: trace.bound, events: trace.events },
    exchanges: exchanges.map((x) => ({ id: x.id })),
    notVirtual: run.notVirtual ?? [],
  };
  return JSON.stringify(copy);
}

/** A run in a fresh process ended without a record: it failed, or printed something else. */
export class FreshProcessError extends Error {
  override readonly name = 'FreshProcessError';
}

/**
 * Runs the same command line `count` times, each in a fresh Node process started as this one was
 * (`relaunch`: the script, and the words that name the command, after this process's own Node options),
 * a few at once, and returns their records in the order they were started.
 */
export async function runInFreshProcesses(relaunch: readonly string[], args: readonly string[], count: number): Promise<RunCopy[]> {
  const copies: RunCopy[] = [];
  const one = async (index: number): Promise<void> => {
    copies[index] = await runOnce([...process.execArgv, ...relaunch, ...args]);
  };
  const atOnce = Math.max(1, Math.min(count, availableParallelism()));
  for (let from = 0; from < count; from += atOnce) {
    await Promise.all(Array.from({ length: Math.min(atOnce, count - from) }, (_, i) => one(from + i)));
  }
  return copies;
}

function runOnce(args: readonly string[]): Promise<RunCopy> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env: { ...process.env, [runRecordVariable]: '1' }, maxBuffer: 1 << 30 }, (error, stdout, stderr) => {
      if (error !== null) {
        reject(new FreshProcessError(`a fresh process running the same seed failed (exit code ${String(error.code)}): ${stderr.trim().split('\n').slice(0, 3).join(' ') || error.message}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout) as RunCopy);
      } catch {
        reject(new FreshProcessError(`a fresh process running the same seed printed something other than its run's record: ${stdout.slice(0, 200)}`));
      }
    });
  });
}
