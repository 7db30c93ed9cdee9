/**
 * `apisim/vitest`: the principles as vitest tests, one per principle, against a target description; and the
 * same checks without vitest. Kept apart from `apisim` itself so that importing apisim never imports vitest.
 */
export { principles, type PrinciplesOptions } from '../properties/vitest.js';
export { checkTarget, type TargetVerdict } from '../properties/check-target.js';
export {
  allPrinciples, assertPrinciple, broken, couldNotRun, held, judgedRun, type Principle, PrincipleBroken, PrincipleNotChecked, type PrincipleOutcome, type PrincipleResult, type RequestLine, runPrinciple,
  type RunnerOptions, type RunVerdict,
} from '../properties/index.js';
