import type { TargetInput } from '../../targets/target.js';

/** Notes that ignore Idempotency-Key and cannot be listed: the flaw is there, but nothing can count it. */
export default {
  name: 'unlisted-notes-unkeyed',
  app: { module: './unlisted-notes.ts', export: 'unkeyed' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'x' } }],
  idempotencyKey: {},
} satisfies TargetInput;
