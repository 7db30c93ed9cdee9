import type { TargetInput } from '../../targets/target.js';

/**
 * The Yoga example with its depth limit, described with two queries: one that nests (a person's friends)
 * and one that does not, from which no deeper query can be grown. Runs that draw the second could not run.
 */
export default {
  name: 'yoga-unnested-query',
  app: { module: '../../../examples/yoga-graph/app.ts', export: 'default' },
  graph: {
    path: '/graphql',
    queries: { Person: '{ person(id: "1") { id name friends { name } } }', Name: '{ person(id: "1") { name } }' },
    maxDepth: 5,
  },
} satisfies TargetInput;
