import type { TargetInput } from '../../targets/target.js';

/** Notes on Koa that write a POST's note and key to the store before answering it; the module exports `restart`. */
export default {
  name: 'koa-notes-correct',
  app: { module: './koa-notes.ts', export: 'correct' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' } }],
  idempotencyKey: {},
} satisfies TargetInput;
