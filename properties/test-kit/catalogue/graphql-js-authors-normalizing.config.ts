import type { TargetInput } from '../../targets/target.js';

/** Authors and books, a graph endpoint written by hand with graphql-js behind a normalizing front that adds `id` and `__typename` to every selection set (`../graph-app.ts`). */
export default {
  name: 'graphql-js-authors-normalizing',
  app: { module: '../graph-app.ts', export: 'normalizing', kind: 'factory' },
  graph: {
    queries: { Author: '{ author(id: 1) { name books { title author { name } } } }' },
  },
} satisfies TargetInput;
