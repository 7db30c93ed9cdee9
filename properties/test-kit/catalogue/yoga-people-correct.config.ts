import type { TargetInput } from '../../targets/target.js';

/** People on GraphQL Yoga, with a depth limit and persisted queries. */
export default {
  name: 'yoga-people-correct',
  app: { module: './yoga-people.ts', export: 'default' },
  graph: {
    queries: { Person: '{ person(id: "1") { name email friends { name email } } }' },
    maxDepth: 5,
    persisted: 'apq',
  },
} satisfies TargetInput;
