import { defineTarget } from 'apisim';

/**
 * The SQLite notes app on better-sqlite3 that keeps its Idempotency-Keys in the process's memory, described as
 * the correct one is: a crash after a note was made loses its key, which exactly-once finds.
 */
export default defineTarget({
  name: 'sqlite-notes-forgetful',
  app: { module: './better-sqlite3.ts', export: 'forgetful', allowNativeAddons: ['better-sqlite3'] },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
});
