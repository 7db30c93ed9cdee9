import { defineTarget } from 'apisim';

/**
 * The Drizzle notes app on a real Postgres server (DATABASE_URL), described as on PGlite: a new database per
 * run, copied from a template, and a connection per request, which the virtual world waits for.
 */
export default defineTarget({
  name: 'drizzle-notes-postgres',
  app: { module: './postgres.ts', export: 'default' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
});
