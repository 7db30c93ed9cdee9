import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import type { CoverageMatrix } from './conformance/coverage-matrix.js';
import { CoverageTally, onRunWith } from './coverage.js';
import { allPrinciples } from './index.js';
import type { Principle } from './principle.js';
import { type PrincipleResult, runPrinciple, type RunnerOptions } from './runner.js';

/** One principle on one target: why it could not be checked there, or how its check went. */
export type TargetVerdict =
  | { readonly principle: string; readonly notApplicable: string; readonly result?: undefined }
  | { readonly principle: string; readonly notApplicable?: undefined; readonly result: PrincipleResult };

export type CheckTargetOptions = RunnerOptions & { readonly principles?: readonly Principle<unknown>[] };

/**
 * Every principle on the target a config file describes, without a test framework: for a script, or for a
 * test that asserts which principles a deliberately flawed app breaks (and that it breaks nothing else).
 */
export async function checkTarget(target: string | URL, options: CheckTargetOptions = {}): Promise<TargetVerdict[]> {
  return (await checkTargetCoverage(target, options)).verdicts;
}

/**
 * `checkTarget`, and which operations of the target's OpenAPI description each principle's runs sent a
 * request to (`coverage.ts`); no matrix for a target that names no description.
 */
export async function checkTargetCoverage(target: string | URL | PreparedTarget, options: CheckTargetOptions = {}): Promise<{ readonly verdicts: TargetVerdict[]; readonly coverage: CoverageMatrix | undefined }> {
  const prepared = target instanceof PreparedTarget ? target : await PreparedTarget.prepare(await loadTarget(typeof target === 'string' ? resolve(target) : fileURLToPath(target)));
  const tally = prepared.derivation === undefined ? undefined : new CoverageTally(prepared.derivation.operations);
  const verdicts: TargetVerdict[] = [];
  for (const principle of options.principles ?? allPrinciples) {
    const why = principle.notApplicable(prepared.target);
    if (why !== undefined) {
      verdicts.push({ principle: principle.name, notApplicable: why });
      continue;
    }
    verdicts.push({ principle: principle.name, result: await runPrinciple(prepared, principle, { ...options, ...onRunWith(tally?.hearing(principle.name), options.onRun) }) });
  }
  return { verdicts, coverage: tally?.matrix() };
}
