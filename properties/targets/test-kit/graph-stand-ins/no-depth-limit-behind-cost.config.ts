import type { TargetInput } from '../../target.js';

/** A graph stand-in (stand-ins.ts: noDepthLimitBehindCost), described as its deployment would be. */
export default {
  name: 'no-depth-limit-behind-cost',
  app: { module: './stand-ins.ts', export: 'noDepthLimitBehindCost' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1' },
} satisfies TargetInput;
