import type { TargetInput } from '../../target.js';

/** A graph stand-in (stand-ins.ts: armorCostOnly), described as its deployment would be. */
export default {
  name: 'armor-cost-only',
  app: { module: './stand-ins.ts', export: 'armorCostOnly' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1' },
} satisfies TargetInput;
