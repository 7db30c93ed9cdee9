import type { TargetInput } from '../../targets/target.js';

/** Notes on Fastify whose POST looks Idempotency-Key up under the name as spelled, which Node has lower-cased. */
export default {
  name: 'fastify-notes-keys-flawed',
  app: { module: './fastify-notes-keys.ts', export: 'flawed' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' } }],
  idempotencyKey: {},
} satisfies TargetInput;
