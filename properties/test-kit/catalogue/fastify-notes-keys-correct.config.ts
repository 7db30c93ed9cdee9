import type { TargetInput } from '../../targets/target.js';

/** Notes on Fastify whose POST looks Idempotency-Key up under the lower-case name Node gives it. */
export default {
  name: 'fastify-notes-keys-correct',
  app: { module: './fastify-notes-keys.ts', export: 'correct' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' } }],
  idempotencyKey: {},
} satisfies TargetInput;
