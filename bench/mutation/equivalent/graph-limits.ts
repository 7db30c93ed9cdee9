import type { EquivalentJudgment } from '../equivalence.js';

/** Survivors in the graph-limits area judged equivalent (see ../equivalent-mutants.ts for the rules). */
export const graphLimitsEquivalents: readonly EquivalentJudgment[] = [];
