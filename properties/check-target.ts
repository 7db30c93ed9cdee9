import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTarget } from './targets/load-target.js';
import { PreparedTarget } from './targets/target-session.js';
import { allPrinciples } from './index.js';
import type { Principle } from './principle.js';
import { type PrincipleResult, runPrinciple, type RunnerOptions } from './runner.js';

/** One principle on one target: why it could not be checked there, or how its check went. */
export type TargetVerdict =
  | { readonly principle: string; readonly notApplicable: string; readonly result?: undefined }
  | { readonly principle: string; readonly notApplicable?: undefined; readonly result: PrincipleResult };

/**
 * Every principle on the target a config file describes, without a test framework: for a script, or for a
 * test that asserts which principles a deliberately flawed app breaks (and that it breaks nothing else).
 */
export async function checkTarget(target: string | URL, options: RunnerOptions & { readonly principles?: readonly Principle<unknown>[] } = {}): Promise<TargetVerdict[]> {
  const prepared = await PreparedTarget.prepare(await loadTarget(typeof target === 'string' ? resolve(target) : fileURLToPath(target)));
  const verdicts: TargetVerdict[] = [];
  for (const principle of options.principles ?? allPrinciples) {
    const why = principle.notApplicable(prepared.target);
    verdicts.push(why === undefined ? { principle: principle.name, result: await runPrinciple(prepared, principle, options) } : { principle: principle.name, notApplicable: why });
  }
  return verdicts;
}
