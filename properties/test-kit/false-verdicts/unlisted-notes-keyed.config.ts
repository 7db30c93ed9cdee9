import type { TargetInput } from '../../targets/target.js';

/** Notes that honour Idempotency-Key and cannot be listed: the counting principles could not run. */
export default {
  name: 'unlisted-notes-keyed',
  app: { module: './unlisted-notes.ts', export: 'keyed' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'x' } }],
  idempotencyKey: {},
} satisfies TargetInput;
