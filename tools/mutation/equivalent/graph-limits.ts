import type { EquivalentJudgment } from '../equivalence.js';

/** Survivors in the graph-limits area judged equivalent (see ../equivalent-mutants.ts for the rules). */
export const graphLimitsEquivalents: readonly EquivalentJudgment[] = [
  {
    file: 'src/graph/limits/cost.ts',
    mutator: 'ConditionalExpression',
    original: 'parentType === undefined',
    replacement: 'false',
    why: '`definition` is computed as undefined whenever `parentType` is (isObjectType and isInterfaceType are false for undefined), so `definition === undefined` alone decides the branch; the first test is only there for TypeScript to narrow `parentType` below.',
  },
];
