import type { TargetInput } from '../../targets/target.js';

/** People on GraphQL Yoga with a plugin that drops null fields from every answer. */
export default {
  name: 'yoga-people-compact-data',
  app: { module: './yoga-people.ts', export: 'compactData' },
  graph: {
    queries: { Person: '{ person(id: "1") { name email friends { name email } } }' },
    maxDepth: 5,
    persisted: 'apq',
  },
} satisfies TargetInput;
