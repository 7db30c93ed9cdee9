import type { TargetInput } from '../target.js';

/**
 * apisim's own origin as a target, declared as a user would declare their service: what the conformance
 * tests run in the simulator (`npx apisim conformance --config properties/targets/test-kit/apisim-owner-check.config.ts`).
 */
export const apisimTarget = (orders: 'owner-check' | 'login-only', orderExistence: 'revealed' | 'hidden' = 'revealed'): TargetInput => ({
  name: `apisim-${orders}${orderExistence === 'hidden' ? '-hidden' : ''}`,
  app: { apisim: { orders, orderExistence } },
  users: {
    user: { login: { path: '/sessions', body: { username: 'alice', password: 'alice-pw' } }, id: '1' },
    otherUser: { login: { path: '/sessions', body: { username: 'bob', password: 'bob-pw' } }, id: '2' },
  },
  owned: [{ name: 'orders', path: '/orders/{id}', ids: { user: ['121', '122', '123'], otherUser: ['124', '125', '126'] } }],
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'x' }, methods: ['GET', 'PUT', 'DELETE'], by: 'user' }],
  idempotencyKey: { style: 'sf-string' },
  graph: { path: '/graphql', queries: {}, userId: '1', persisted: 'apq' },
});

export default apisimTarget('owner-check');
