import { fc } from '@fast-check/vitest';
import { runCount } from '../../test/support/run-count.js';

/**
 * fast-check parameters that every property uses: `FC_SEED` and `FC_PATH` from the environment replay one
 * exact run, and a failure ends with what went wrong and the command that replays it.
 */
export function replayable<Ts extends unknown[]>(file: string, numRuns: number): fc.Parameters<Ts> {
  const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
  const path = process.env.FC_PATH;
  const reporter: fc.Plugin<Ts> = () => ({
    onAllRunsComplete: (details) => {
      if (!details.failed) return Promise.resolve();
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      const pathArg = details.counterexamplePath === null ? '' : ` FC_PATH=${details.counterexamplePath}`;
      const message = `${fc.defaultReportMessage(details) ?? 'property failed'}\n\nWhat went wrong:\n${error}`;
      return Promise.reject(new Error(`${message}\n\nReplay this property run: FC_SEED=${details.seed}${pathArg} npx vitest run ${file}`));
    },
  });
  return {
    numRuns: runCount(numRuns),
    ...(seed === undefined ? {} : { seed }),
    ...(path === undefined ? {} : { path, endOnFailure: true }),
    plugins: [reporter],
  };
}
