import type { TargetInput } from '../../targets/target.js';

/** Authors and books on Hono and graphql-js whose depth limit is checked in the root resolver. */
export default {
  name: 'hono-graph-depth-in-resolver',
  app: { module: './hono-graph.ts', export: 'depthInResolver' },
  graph: {
    queries: { Author: '{ author(id: 1) { name books { title author { name } } } }' },
    maxDepth: 5,
    persisted: 'apq',
  },
} satisfies TargetInput;
