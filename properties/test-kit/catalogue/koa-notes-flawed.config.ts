import type { TargetInput } from '../../targets/target.js';

/** Notes on Koa that write a POST's note and key to the store 50 ms after answering it; the module exports `restart`. */
export default {
  name: 'koa-notes-flawed',
  app: { module: './koa-notes.ts', export: 'flawed' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' } }],
  idempotencyKey: {},
} satisfies TargetInput;
