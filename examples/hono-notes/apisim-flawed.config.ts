import { defineTarget } from 'apisim';

/**
 * The notes app whose POST ignores Idempotency-Key, described as the correct one is: it claims keys, so the
 * principles that rely on them (idempotent-resend, exactly-once) find that it does not keep the claim.
 */
export default defineTarget({
  name: 'hono-notes-flawed',
  app: { module: './app.ts', export: 'flawed' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
});
