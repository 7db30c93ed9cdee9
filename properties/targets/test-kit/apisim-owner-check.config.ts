import { type OwnBehaviour, ownOriginTarget } from '../own-origin-target.js';
import type { TargetInput } from '../target.js';

/**
 * apisim's own origin as a target, declared as a user would declare their service: what the conformance
 * tests run in the simulator (`npx apisim conformance --config properties/targets/test-kit/apisim-owner-check.config.ts`).
 * It is the one description of the origin (`ownOriginTarget`: who owns which order, its graph's queries and
 * limits), under a shorter name, with persisted queries on as the origin serves them.
 */
export const apisimTarget = (orders: NonNullable<OwnBehaviour['orders']>, orderExistence: NonNullable<OwnBehaviour['orderExistence']> = 'revealed'): TargetInput => {
  const described = ownOriginTarget({ orders, orderExistence });
  return {
    ...described,
    name: `apisim-${orders}${orderExistence === 'hidden' ? '-hidden' : ''}`,
    ...(described.graph === undefined ? {} : { graph: { ...described.graph, persisted: 'apq' } }),
  };
};

export default apisimTarget('owner-check');
