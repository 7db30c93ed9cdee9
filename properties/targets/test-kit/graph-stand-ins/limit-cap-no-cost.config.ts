import type { TargetInput } from '../../target.js';

/** A graph stand-in (stand-ins.ts: limitCapNoCost), described as its deployment would be. */
export default {
  name: 'limit-cap-no-cost',
  app: { module: './stand-ins.ts', export: 'limitCapNoCost' },
  graph: { path: '/graphql', queries: {}, userId: '1' },
} satisfies TargetInput;
