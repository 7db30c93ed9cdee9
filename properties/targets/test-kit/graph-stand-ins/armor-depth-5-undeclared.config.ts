import type { TargetInput } from '../../target.js';

/** The same stand-in (stand-ins.ts: armorDepth5) described without its depth limit: a deep cost probe finds it. */
export default {
  name: 'armor-depth-5-undeclared',
  app: { module: './stand-ins.ts', export: 'armorDepth5' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1' },
} satisfies TargetInput;
