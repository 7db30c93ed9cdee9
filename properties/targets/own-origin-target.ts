import type { TargetInput } from './target.js';

/** The server behaviours of apisim's own origin, each left at its default when not given. */
export type OwnBehaviour = Extract<TargetInput['app'], { apisim: unknown }>['apisim'];

/**
 * apisim's own origin described as any user would describe their service: alice and bob sign in with
 * `POST /sessions` (a cookie), own orders 121–122 and 123–124, write notes under an Idempotency-Key, and the
 * graph has a query per type. The principles then see it only through this description, exactly as they see
 * a guest's app.
 */
export function ownOriginTarget(behaviour: OwnBehaviour = {}): TargetInput {
  return {
    name: `apisim-${behaviour.orders ?? 'owner-check'}-${behaviour.idempotencyRecord ?? 'with-effect'}${behaviour.cache === undefined || behaviour.cache === 'rfc9111' ? '' : `-${behaviour.cache}`}`,
    app: { apisim: behaviour },
    users: {
      user: { login: { path: '/sessions', body: { username: 'alice', password: 'alice-pw' } }, id: '1' },
      otherUser: { login: { path: '/sessions', body: { username: 'bob', password: 'bob-pw' } }, id: '2' },
    },
    owned: [{ name: 'orders', path: '/orders/{id}', methods: ['GET', 'PATCH', 'DELETE'], ids: { user: ['121', '122'], otherUser: ['123', '124'] } }],
    writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'], by: 'user' }],
    idempotencyKey: { header: 'Idempotency-Key', style: 'sf-string' },
    graph: {
      path: '/graphql',
      queries: {
        User: '{ user(id: 1) { id name posts(limit: 2) { title author { name } } } }',
        Post: '{ user(id: 2) { posts(limit: 3) { id title comments(limit: 2) { body author { id name } } } } }',
        Comment: '{ user(id: 1) { posts(limit: 1) { comments(limit: 3) { id body author { name posts(limit: 1) { title } } } } } }',
      },
      maxDepth: 7,
      maxCost: 250,
      userId: '1',
    },
  };
}

