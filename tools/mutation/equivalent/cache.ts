import type { EquivalentJudgment } from '../equivalence.js';

/** Survivors in the cache area judged equivalent (see ../equivalent-mutants.ts for the rules). */
export const cacheEquivalents: readonly EquivalentJudgment[] = [
  {
    file: 'src/cache/shared-cache.ts',
    mutator: 'ObjectLiteral',
    original: '{ shared: true }',
    replacement: '{}',
    why: 'http-cache-semantics sets `_isShared = shared !== false`, so a policy built without the option is the same shared-cache policy, and `revalidatedPolicy` copies that flag into its successor either way.',
  },
];
