import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, it } from 'vitest';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { allPrinciples } from './index.js';
import { belowRequired, coverageText } from './conformance/coverage-matrix.js';
import { CoverageTally, onRunWith } from './coverage.js';
import type { Principle } from './principle.js';
import { principlesHtml, type ReportedPrinciple } from './principles-html.js';
import { assertPrinciple, PrincipleBroken, PrincipleNotChecked, type RunnerOptions } from './runner.js';

export interface PrinciplesOptions extends Omit<RunnerOptions, 'rerun'> {
  /** Only these principles, by name; all by default. */
  readonly only?: readonly string[];
  /** The principles to register, in place of all of apisim's (your own, say). */
  readonly principles?: readonly Principle<unknown>[];
  /** Per test, in ms: a run that shrinks a failure takes longer than one that passes (default 60 s). */
  readonly timeout?: number;
  /**
   * Also write an HTML report here (`reports/apisim.html`), once every principle registered by this call has
   * run: the verdicts, and each broken principle's shrunk run as a sequence diagram.
   */
  readonly html?: string;
  /**
   * Also register a last test, `coverage`, that prints which operations of the target's OpenAPI description
   * each principle's runs sent a request to (`coverage.ts`); with `require` (a percent), it fails when fewer
   * operations than that were sent by any principle, naming the others.
   */
  readonly coverage?: true | { readonly require: number };
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
 * replays it. With `html`, the principles that ran are written to that file as well.
 */
export function principles(target: string | URL, options: PrinciplesOptions = {}): void {
  const file = typeof target === 'string' ? resolve(target) : fileURLToPath(target);
  let prepared: Promise<PreparedTarget> | undefined;
  const chosen = (options.principles ?? allPrinciples).filter((p) => options.only === undefined || options.only.includes(p.name));
  // What ran, by principle: a test filtered out (`-t`) has no row.
  const reported = new Map<string, ReportedPrinciple>();
  let testFile = '';
  let tally: CoverageTally | undefined;
  describe(`principles of ${relative(process.cwd(), file)}`, () => {
    for (const principle of chosen) {
      it(principle.name, { timeout: options.timeout ?? 60_000 }, async (ctx) => {
        testFile = relative(process.cwd(), ctx.task.file.filepath);
        try {
          prepared ??= loadTarget(file).then((loaded) => PreparedTarget.prepare(loaded));
          const ready = await prepared;
          if (ready.derivation !== undefined) tally ??= new CoverageTally(ready.derivation.operations);
          const why = principle.notApplicable(ready.target);
          if (why !== undefined) {
            reported.set(principle.name, { principle: principle.name, notApplicable: why });
            ctx.skip(`not applicable: ${why}`);
          }
          try {
            const result = await assertPrinciple(ready, principle, { ...options, rerun: `npx vitest run ${testFile} -t '${principle.name}'`, ...onRunWith(tally?.hearing(principle.name), options.onRun) });
            reported.set(principle.name, { principle: principle.name, result });
          } catch (error) {
            if (error instanceof PrincipleBroken || error instanceof PrincipleNotChecked) reported.set(principle.name, { principle: principle.name, result: error.result });
            if (!(error instanceof PrincipleNotChecked)) throw error;
            ctx.skip(error.message);
          }
        } catch (error) {
          if (!reported.has(principle.name)) reported.set(principle.name, { principle: principle.name, error: error instanceof Error ? error.message : String(error) });
          throw error;
        }
      });
    }
    const coverage = options.coverage;
    if (coverage !== undefined) {
      it('coverage', async (ctx) => {
        const ready = await (prepared ??= loadTarget(file).then((loaded) => PreparedTarget.prepare(loaded)));
        if (ready.derivation === undefined || tally === undefined) return ctx.skip('not applicable: the target names no OpenAPI description (openapi)');
        const matrix = tally.matrix();
        console.log(coverageText(matrix));
        const required = coverage === true ? 0 : coverage.require;
        const below = belowRequired('coverage', matrix, required);
        if (below !== undefined) throw new Error(below);
      });
    }
    const html = options.html;
    if (html !== undefined) {
      afterAll(() => {
        const order = chosen.flatMap((p) => reported.get(p.name) ?? []);
        mkdirSync(dirname(resolve(html)), { recursive: true });
        writeFileSync(html, principlesHtml(relative(process.cwd(), file), order, chosen, `npx vitest run ${testFile}`));
      });
    }
  });
}

