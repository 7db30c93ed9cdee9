import type { TargetInput } from '../../targets/target.js';

/** Notes on Fastify with a reply cache that every write clears. */
export default {
  name: 'fastify-notes-cache-correct',
  app: { module: './fastify-notes-cache.ts', export: 'correct' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
} satisfies TargetInput;
