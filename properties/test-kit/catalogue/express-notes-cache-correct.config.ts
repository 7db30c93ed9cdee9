import type { TargetInput } from '../../targets/target.js';

/** Notes on Express that keep each note's answer and drop it on a write. */
export default {
  name: 'express-notes-cache-correct',
  app: { module: './express-notes-cache.ts', export: 'correct' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
} satisfies TargetInput;
