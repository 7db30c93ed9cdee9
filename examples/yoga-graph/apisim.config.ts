import { defineTarget } from 'apisim';

/**
 * The Yoga graph as apisim checks it: a query per type, and the depth limit it claims (5 fields). No users:
 * the graph is public.
 */
export default defineTarget({
  name: 'yoga-graph',
  app: { module: './app.ts', export: 'default' },
  graph: {
    path: '/graphql',
    queries: {
      Person: '{ person(id: "1") { id name friends { name } } }',
    },
    maxDepth: 5,
  },
});
