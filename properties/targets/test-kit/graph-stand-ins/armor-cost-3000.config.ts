import type { TargetInput } from '../../target.js';

/** A graph stand-in (stand-ins.ts: armorCost3000), described as its deployment would be. */
export default {
  name: 'armor-cost-3000',
  app: { module: './stand-ins.ts', export: 'armorCost3000' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1', maxDepth: 6, maxCost: 3000 },
} satisfies TargetInput;
