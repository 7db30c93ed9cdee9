import type { TargetInput } from '../../targets/target.js';

/** People on GraphQL Yoga with a plugin that marks every GET answer cacheable. */
export default {
  name: 'yoga-people-cacheable-gets',
  app: { module: './yoga-people.ts', export: 'cacheableGets' },
  graph: {
    queries: { Person: '{ person(id: "1") { name email friends { name email } } }' },
    maxDepth: 5,
    persisted: 'apq',
  },
} satisfies TargetInput;
