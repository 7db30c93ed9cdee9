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
  {
    file: 'src/cache/variant-index.ts',
    mutator: 'EqualityOperator',
    original: 'entry.seq > newest.seq',
    replacement: 'entry.seq >= newest.seq',
    why: 'Two kept entries never share a `seq`: the only caller, SharedCache, hands out `#stores++`, and a refreshed entry keeps the `seq` of the one it replaces. With no tie, `>=` and `>` pick the same newest entry.',
  },
  {
    file: 'src/cache/variant-index.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    onLine: 'if (vary === undefined) return [];',
    why: 'A response without `Vary` would be grouped under a made-up field name instead of none. Header names are lower-case and this one is not, so no request has it and it reads as absent in every key: such a response still selects every request of its method. It only sits in a group apart from responses whose `Vary` names no field (`Vary: ,`), which select exactly the same requests, so a new one of either kind replaces the other first and the two are never kept at once.',
  },
];
