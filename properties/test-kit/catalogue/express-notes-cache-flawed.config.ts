import type { TargetInput } from '../../targets/target.js';

/** Notes on Express that keep each note's answer and never drop it. */
export default {
  name: 'express-notes-cache-flawed',
  app: { module: './express-notes-cache.ts', export: 'flawed' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
} satisfies TargetInput;
