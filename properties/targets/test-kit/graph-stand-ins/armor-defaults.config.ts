import type { TargetInput } from '../../target.js';

/** A graph stand-in (stand-ins.ts: armorDefaults), described as its deployment would be: Armor's default depth limit declared. */
export default {
  name: 'armor-defaults',
  app: { module: './stand-ins.ts', export: 'armorDefaults' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1', maxDepth: 6 },
} satisfies TargetInput;
