import type { EquivalentJudgment } from './equivalence.js';
import { cacheEquivalents } from './equivalent/cache.js';
import { graphLimitsEquivalents } from './equivalent/graph-limits.js';
import { idempotencyEquivalents } from './equivalent/idempotency.js';
import { policyEquivalents } from './equivalent/policy.js';

/**
 * Survivors judged equivalent, each with the reason no test can kill it, one file per area in `equivalent/`.
 * Kept here rather than as `// Stryker disable` comments in src/, so the product code carries no tool's notes,
 * every such mutant still runs on every `npm run mutation`, and a judgment that stops holding (the code
 * changed, or a test now kills the mutant) is reported instead of hiding a gap. Sparingly: a survivor a test
 * could pin gets a test.
 */
export const equivalentMutants: readonly EquivalentJudgment[] = [
  ...policyEquivalents,
  ...cacheEquivalents,
  ...idempotencyEquivalents,
  ...graphLimitsEquivalents,
];
