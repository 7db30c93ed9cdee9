import { defineTarget } from 'apisim';

/**
 * The Drizzle notes app on PGlite that keeps its Idempotency-Keys in the process's memory, described as the
 * correct one is: a crash after a note was made loses its key, which exactly-once finds.
 */
export default defineTarget({
  name: 'drizzle-notes-forgetful',
  app: { module: './pglite.ts', export: 'forgetful' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
});
