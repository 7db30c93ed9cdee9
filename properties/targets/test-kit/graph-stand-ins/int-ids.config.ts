import type { TargetInput } from '../../target.js';

/** A graph stand-in (stand-ins.ts: intIds), described as its deployment would be. */
export default {
  name: 'int-ids',
  app: { module: './stand-ins.ts', export: 'intIds' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1', persisted: 'apq' },
} satisfies TargetInput;
