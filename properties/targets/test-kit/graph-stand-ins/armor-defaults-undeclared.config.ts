import type { TargetInput } from '../../target.js';

/** The same stand-in (stand-ins.ts: armorDefaults) described without its depth limit: the cost probes find it. */
export default {
  name: 'armor-defaults-undeclared',
  app: { module: './stand-ins.ts', export: 'armorDefaults' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1' },
} satisfies TargetInput;
