import { defineTarget } from 'apisim';

/** The Apollo graph without its depth limit, still claiming 5 fields: graph-rejected-before-execution shows the claim does not hold. */
export default defineTarget({
  name: 'apollo-people-flawed',
  app: { module: './app.ts', export: 'flawed' },
  graph: {
    path: '/graphql',
    queries: { Person: '{ person(id: "1") { id name friends { name } } }' },
    maxDepth: 5,
  },
});
