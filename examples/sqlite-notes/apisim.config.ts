import { defineTarget } from 'apisim';

/**
 * The SQLite notes app on better-sqlite3 as apisim checks it: anyone writes notes (the app has no users), and
 * a POST honours Idempotency-Key, sent bare as the app reads it. better-sqlite3 is a native addon whose every
 * call finishes before it returns, so the app names it as one the virtual world may load.
 */
export default defineTarget({
  name: 'sqlite-notes',
  app: { module: './better-sqlite3.ts', export: 'default', allowNativeAddons: ['better-sqlite3'] },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
});
