import type { EquivalentJudgment } from '../equivalence.js';

/** Survivors in the idempotency area judged equivalent (see ../equivalent-mutants.ts for the rules). */
export const idempotencyEquivalents: readonly EquivalentJudgment[] = [
  {
    file: 'src/idempotency/key.ts',
    mutator: 'EqualityOperator',
    original: 'i < key.length',
    replacement: 'i <= key.length',
    why: 'The extra pass reads charCodeAt(key.length), which is NaN, and NaN fails both `code < 0x21` and `code > 0x7e`, so it never refuses a key that would otherwise be accepted.',
  },
  {
    file: 'src/idempotency/key.ts',
    mutator: 'EqualityOperator',
    original: 'i < value.length',
    replacement: 'i <= value.length',
    why: 'unquote only reaches i === value.length after finding no closing quote; the extra pass appends to a key that is then thrown away, and the same "no closing quote" refusal is returned.',
  },
];
