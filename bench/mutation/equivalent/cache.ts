import type { EquivalentJudgment } from '../equivalence.js';

/** Survivors in the cache area judged equivalent (see ../equivalent-mutants.ts for the rules). */
export const cacheEquivalents: readonly EquivalentJudgment[] = [];
