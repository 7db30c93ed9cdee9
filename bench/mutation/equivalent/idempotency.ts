import type { EquivalentJudgment } from '../equivalence.js';

/** Survivors in the idempotency area judged equivalent (see ../equivalent-mutants.ts for the rules). */
export const idempotencyEquivalents: readonly EquivalentJudgment[] = [];
