import type { TargetInput } from '../../targets/target.js';

/** Invitations on Express accepted by a POST of their own. */
export default {
  name: 'express-invites-correct',
  app: { module: './express-invites.ts', export: 'correct' },
  writable: [{ name: 'invites', collection: '/invites', item: '/invites/{id}', body: { email: 'ada@example.org' } }],
} satisfies TargetInput;
