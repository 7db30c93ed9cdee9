import { defineTarget } from 'apisim';

/**
 * The Yoga graph without its depth limit, described as the correct one is: it still claims 5 fields, as a
 * deployment's documentation would, and graph-rejected-before-execution shows the claim does not hold.
 */
export default defineTarget({
  name: 'yoga-graph-flawed',
  app: { module: './app.ts', export: 'flawed' },
  graph: {
    path: '/graphql',
    queries: {
      Person: '{ person(id: "1") { id name friends { name } } }',
    },
    maxDepth: 5,
  },
});
