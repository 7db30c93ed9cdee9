import type { EquivalentJudgment } from '../equivalence.js';

/** Survivors in the policy area judged equivalent (see ../equivalent-mutants.ts for the rules). */
export const policyEquivalents: readonly EquivalentJudgment[] = [
  {
    file: 'src/policy/enumeration-detector.ts',
    mutator: 'ConditionalExpression',
    original: 'last !== undefined',
    replacement: 'true',
    why: 'The guard is only for the type checker: when no alert was raised yet `last` is undefined and `undefined > since` is false for every number, exactly as the guarded conjunction.',
  },
  {
    file: 'src/policy/operation.ts',
    mutator: 'ConditionalExpression',
    original: 'default:\n      return undefined;',
    replacement: 'default:',
    why: 'The default clause is the last in the switch, so with its body gone control falls off the end of `actionFor`, which returns undefined just as the explicit `return undefined` does.',
  },
];
