import { fileURLToPath } from 'node:url';
import { parseTarget } from '../../target/define-target.js';
import type { TargetInput } from '../../target/target.js';
import { PreparedTarget } from '../../target/target-session.js';

type OwnBehaviour = { readonly orders?: 'owner-check' | 'login-only'; readonly idempotencyRecord?: 'with-effect' | 'write-behind'; readonly cache?: 'rfc9111' | 'no-invalidation' };

/**
 * apisim's own origin described as any service would describe itself: alice and bob sign in with a session
 * cookie, own orders 121–122 and 123–124, and write notes under an Idempotency-Key. `change` drops or adds
 * to the description, to take away what a principle needs.
 */
export function ownTarget(behaviour: OwnBehaviour = {}, change: (t: TargetInput) => TargetInput = (t) => t): Promise<PreparedTarget> {
  const description: TargetInput = {
    name: `apisim-${behaviour.orders ?? 'owner-check'}-${behaviour.idempotencyRecord ?? 'with-effect'}`,
    app: { apisim: behaviour },
    users: {
      user: { login: { path: '/sessions', body: { username: 'alice', password: 'alice-pw' } }, id: '1' },
      otherUser: { login: { path: '/sessions', body: { username: 'bob', password: 'bob-pw' } }, id: '2' },
    },
    owned: [{ name: 'orders', path: '/orders/{id}', methods: ['GET', 'PATCH', 'DELETE'], ids: { user: ['121', '122'], otherUser: ['123', '124'] } }],
    writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'], by: 'user' }],
    idempotencyKey: { header: 'Idempotency-Key', style: 'sf-string' },
  };
  const file = fileURLToPath(import.meta.url);
  return PreparedTarget.prepare({ target: parseTarget(change(description), file), file });
}
