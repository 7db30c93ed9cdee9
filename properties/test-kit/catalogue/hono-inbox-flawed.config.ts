import type { TargetInput } from '../../targets/target.js';

/** An inbox on Hono whose listing marks every message seen. */
export default {
  name: 'hono-inbox-flawed',
  app: { module: './hono-inbox.ts', export: 'flawed' },
  writable: [{ name: 'messages', collection: '/messages', item: '/messages/{id}', body: { text: 'hello' } }],
} satisfies TargetInput;
