import type { TargetInput } from '../../targets/target.js';

/** Invitations on Express whose GET accepts the invite it shows. */
export default {
  name: 'express-invites-flawed',
  app: { module: './express-invites.ts', export: 'flawed' },
  writable: [{ name: 'invites', collection: '/invites', item: '/invites/{id}', body: { email: 'ada@example.org' } }],
} satisfies TargetInput;
