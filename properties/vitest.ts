import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { allPrinciples } from './index.js';
import type { Principle } from './principle.js';
import { assertPrinciple, PrincipleNotChecked, type RunnerOptions } from './runner.js';

export interface PrinciplesOptions extends Omit<RunnerOptions, 'rerun'> {
  /** Only these principles, by name; all by default. */
  readonly only?: readonly string[];
  /** The principles to register, in place of all of apisim's (your own, say). */
  readonly principles?: readonly Principle<unknown>[];
  /** Per test, in ms: a run that shrinks a failure takes longer than one that passes (default 60 s). */
  readonly timeout?: number;
}

/**
 * Registers one vitest test per principle, checked against the target `apisim.config.ts` describes:
 *
 *   import { principles } from 'apisim/vitest';
 *   principles(new URL('./apisim.config.ts', import.meta.url));
 *
 * A string is a path from the working directory; a URL (as above) is where the test file says. The config is
 * loaded once, by the first test that needs it. A principle the target gives it nothing to check on is
 * skipped, with the reason; so is one that could not run (no run could judge it), saying what to declare:
 * neither is a pass. A broken one fails with the shrunk run, its scenario file and the command that
 * replays it.
 */
export function principles(target: string | URL, options: PrinciplesOptions = {}): void {
  const file = typeof target === 'string' ? resolve(target) : fileURLToPath(target);
  let prepared: Promise<PreparedTarget> | undefined;
  const chosen = (options.principles ?? allPrinciples).filter((p) => options.only === undefined || options.only.includes(p.name));
  describe(`principles of ${relative(process.cwd(), file)}`, () => {
    for (const principle of chosen) {
      it(principle.name, { timeout: options.timeout ?? 60_000 }, async (ctx) => {
        prepared ??= loadTarget(file).then((loaded) => PreparedTarget.prepare(loaded));
        const ready = await prepared;
        const why = principle.notApplicable(ready.target);
        if (why !== undefined) ctx.skip(`not applicable: ${why}`);
        const testFile = relative(process.cwd(), ctx.task.file.filepath);
        try {
          await assertPrinciple(ready, principle, { ...options, rerun: `npx vitest run ${testFile} -t '${principle.name}'` });
        } catch (error) {
          if (!(error instanceof PrincipleNotChecked)) throw error;
          ctx.skip(error.message);
        }
      });
    }
  });
}
