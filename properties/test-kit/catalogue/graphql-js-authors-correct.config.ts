import type { TargetInput } from '../../targets/target.js';

/** Authors and books, a graph endpoint written by hand with graphql-js (`../graph-app.ts`). */
export default {
  name: 'graphql-js-authors-correct',
  app: { module: '../graph-app.ts', export: 'default', kind: 'factory' },
  graph: {
    queries: { Author: '{ author(id: 1) { name books { title author { name } } } }' },
  },
} satisfies TargetInput;
