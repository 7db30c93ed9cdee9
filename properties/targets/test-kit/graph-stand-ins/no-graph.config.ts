import type { TargetInput } from '../../target.js';

/** The Express orders app, which has no graph endpoint, described as if it served the spec's graph. */
export default {
  name: 'no-graph',
  app: { module: '../../../../examples/express-orders/app.ts', export: 'default' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1', persisted: 'apq' },
} satisfies TargetInput;
