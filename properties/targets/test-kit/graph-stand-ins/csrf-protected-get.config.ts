import type { TargetInput } from '../../target.js';

/** A graph stand-in (stand-ins.ts: csrfProtectedGet), described as its deployment would be. */
export default {
  name: 'csrf-protected-get',
  app: { module: './stand-ins.ts', export: 'csrfProtectedGet' },
  graph: { path: '/graphql', queries: {}, userId: '1', persisted: 'apq', headers: { 'apollo-require-preflight': 'true' } },
} satisfies TargetInput;
