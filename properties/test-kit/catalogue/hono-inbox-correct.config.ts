import type { TargetInput } from '../../targets/target.js';

/** An inbox on Hono where a PATCH marks a message seen. */
export default {
  name: 'hono-inbox-correct',
  app: { module: './hono-inbox.ts', export: 'correct' },
  writable: [{ name: 'messages', collection: '/messages', item: '/messages/{id}', body: { text: 'hello' } }],
} satisfies TargetInput;
