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
  {
    file: 'src/graph/limits/cost.ts',
    mutator: 'ConditionalExpression',
    original: 'variablesKey === undefined',
    replacement: 'false',
    why: 'With the guard gone, variables with no key look up the operation\'s kept verdict too; but a verdict is only kept with a key (`variablesKey !== undefined` before `last.set`), so `kept.variablesKey === variablesKey` compares a string with undefined and is false, and they are priced afresh all the same. The guard only spares a lookup.',
  },
  {
    file: 'src/graph/limits/cost.ts',
    mutator: 'EqualityOperator',
    original: '--budget < 0',
    replacement: '--budget <= 0',
    why: 'The walk then gives up at the 1,024th value instead of the 1,025th, which matters only for variables of exactly 1,024 values; their JSON is longer than the 1,024 characters a key may have anyway. n values write at least 2n − 1 characters: a scalar at least 1, an array or object 2 for its brackets, and a comma between siblings, so k containers among n values write at least (n − k) + 2k + (n − 1 − k) (member names and holes written as null only add to it). 1,024 values write at least 2,047, and get no key either way.',
  },
];
