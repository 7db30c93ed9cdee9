import type { TargetInput } from '../../target.js';

/** A graph stand-in (stand-ins.ts: armorLowCost), described as its deployment would be. */
export default {
  name: 'armor-low-cost',
  app: { module: './stand-ins.ts', export: 'armorLowCost' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1', maxDepth: 6 },
} satisfies TargetInput;
