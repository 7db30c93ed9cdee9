import { defineTarget } from '../../../properties/targets/define-target.js';

/**
 * The Hono notes example as the bench's target (examples/hono-notes/app.ts, its correct form, which honours
 * Idempotency-Key on POST). No login: both users send no credential. Private to the bench, so that what it
 * times does not move when the example's own config changes.
 */
export default defineTarget({
  name: 'bench-hono-notes',
  app: { module: '../../../examples/hono-notes/app.ts', export: 'default' },
  users: { user: { headers: {} }, otherUser: { headers: {} } },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
});
