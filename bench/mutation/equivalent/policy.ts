import type { EquivalentJudgment } from '../equivalence.js';

/** Survivors in the policy area judged equivalent (see ../equivalent-mutants.ts for the rules). */
export const policyEquivalents: readonly EquivalentJudgment[] = [];
