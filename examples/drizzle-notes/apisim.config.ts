import { defineTarget } from 'apisim';

/**
 * The Drizzle notes app on PGlite as apisim checks it: anyone writes notes (the app has no users), and a POST
 * honours Idempotency-Key, sent bare as the app reads it.
 */
export default defineTarget({
  name: 'drizzle-notes',
  app: { module: './pglite.ts', export: 'default' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
});
