import type { TargetInput } from '../../targets/target.js';

/** Notes on Fastify with a reply cache that a PUT clears and a DELETE does not. */
export default {
  name: 'fastify-notes-cache-flawed',
  app: { module: './fastify-notes-cache.ts', export: 'flawed' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
} satisfies TargetInput;
