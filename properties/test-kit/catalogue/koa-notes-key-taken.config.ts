import type { TargetInput } from '../../targets/target.js';

/** Notes on Koa whose POST takes a key out of the store when it replays its answer; the module exports `restart`. */
export default {
  name: 'koa-notes-key-taken',
  app: { module: './koa-notes.ts', export: 'keyTaken' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' } }],
  idempotencyKey: {},
} satisfies TargetInput;
