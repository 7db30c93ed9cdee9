import { defineTarget } from 'apisim';

/** People on Apollo Server 5 through its Express integration, as apisim checks it: a query, and the depth limit it claims. */
export default defineTarget({
  name: 'apollo-people',
  app: { module: './app.ts', export: 'default' },
  graph: {
    path: '/graphql',
    queries: { Person: '{ person(id: "1") { id name friends { name } } }' },
    maxDepth: 5,
  },
});
