import type { TargetInput } from '../../targets/target.js';

/**
 * The Hono notes example in its form that keeps answered keys in the process's memory (`forgetful`), whose
 * module exports `restart`: described as the example's correct form is (`examples/hono-notes/apisim.config.ts`).
 */
export default {
  name: 'hono-notes-forgetful',
  app: { module: '../../../examples/hono-notes/app.ts', export: 'forgetful' },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'buy milk' }, methods: ['GET', 'PUT', 'DELETE'] }],
  idempotencyKey: { header: 'Idempotency-Key', style: 'bare' },
} satisfies TargetInput;
