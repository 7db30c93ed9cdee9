import type { TargetInput } from '../../targets/target.js';

/** Authors and books on Hono and graphql-js, with a depth limit in validation and one registry of persisted queries. */
export default {
  name: 'hono-graph-correct',
  app: { module: './hono-graph.ts', export: 'default' },
  graph: {
    queries: { Author: '{ author(id: 1) { name books { title author { name } } } }' },
    maxDepth: 5,
    persisted: 'apq',
  },
} satisfies TargetInput;
