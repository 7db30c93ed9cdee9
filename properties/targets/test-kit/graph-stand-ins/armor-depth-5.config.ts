import type { TargetInput } from '../../target.js';

/** A graph stand-in (stand-ins.ts: armorDepth5), described as its deployment would be. */
export default {
  name: 'armor-depth-5',
  app: { module: './stand-ins.ts', export: 'armorDepth5' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1', maxDepth: 5 },
} satisfies TargetInput;
