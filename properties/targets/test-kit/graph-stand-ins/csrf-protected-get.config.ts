import type { TargetInput } from '../../target.js';

/** A graph stand-in (stand-ins.ts: csrfProtectedGet), described as its deployment would be. */
export default {
  name: 'csrf-protected-get',
  app: { module: './stand-ins.ts', export: 'csrfProtectedGet' },
  graph: { path: '/graphql', queries: { User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }' }, userId: '1', persisted: 'apq', headers: { 'apollo-require-preflight': 'true' } },
} satisfies TargetInput;
