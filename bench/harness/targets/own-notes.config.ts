import { defineTarget } from '../../../properties/targets/define-target.js';

/**
 * apisim's own origin as the bench's target, with the notes the Hono example has: the reference the Hono
 * example's property runs are divided by. Its users sign in with a session cookie, as the spec's do.
 */
export default defineTarget({
  name: 'bench-own-notes',
  app: { apisim: {} },
  users: {
    user: { login: { path: '/sessions', body: { username: 'alice', password: 'alice-pw' } } },
    otherUser: { login: { path: '/sessions', body: { username: 'bob', password: 'bob-pw' } } },
  },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'], by: 'user' }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
});
