import type { EquivalentJudgment } from '../equivalence.js';

const sumStillSums =
  "foldSelections takes the largest of siblings only when `combine === 'max'` and sums them for any other value, so an emptied `'sum'` still sums (TypeScript would refuse `''` there; Stryker does not type-check its mutants).";

/** Survivors in the graph-limits area judged equivalent (see ../equivalent-mutants.ts for the rules). */
export const graphLimitsEquivalents: readonly EquivalentJudgment[] = [
  {
    file: 'src/graph/limits/cost.ts',
    mutator: 'ConditionalExpression',
    original: 'parentType === undefined',
    replacement: 'false',
    why: '`definition` is computed as undefined whenever `parentType` is (isObjectType and isInterfaceType are false for undefined), so `definition === undefined` alone decides the branch; the first test is only there for TypeScript to narrow `parentType` below.',
  },
  {
    file: 'src/graph/limits/aliases.ts',
    mutator: 'StringLiteral',
    original: "'sum'",
    replacement: '""',
    why: sumStillSums,
  },
  {
    file: 'src/graph/limits/cost.ts',
    mutator: 'StringLiteral',
    original: "'sum'",
    replacement: '""',
    why: sumStillSums,
  },
];
