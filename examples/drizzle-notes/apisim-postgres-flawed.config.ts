import { defineTarget } from 'apisim';

/** The Drizzle notes app on a real Postgres server that keeps its Idempotency-Keys in the process's memory. */
export default defineTarget({
  name: 'drizzle-notes-postgres-forgetful',
  app: { module: './postgres.ts', export: 'forgetful' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
});
