import type { TargetInput } from '../../targets/target.js';

/** Authors and books on Hono and graphql-js whose POST and GET routes each keep their own registry of persisted queries. */
export default {
  name: 'hono-graph-registry-per-route',
  app: { module: './hono-graph.ts', export: 'registryPerRoute' },
  graph: {
    queries: { Author: '{ author(id: 1) { name books { title author { name } } } }' },
    maxDepth: 5,
    persisted: 'apq',
  },
} satisfies TargetInput;
