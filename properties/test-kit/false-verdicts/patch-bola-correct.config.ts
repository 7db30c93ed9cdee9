import type { TargetInput } from '../../targets/target.js';

/** Orders that exist from the start, no create declared: PATCH checks the owner, as GET does. */
export default {
  name: 'patch-bola-correct',
  app: { module: './patch-bola.ts', export: 'correct' },
  users: {
    user: { login: { path: '/login', body: { user: 'alice', password: 'alice-password' } }, id: 'alice' },
    otherUser: { login: { path: '/login', body: { user: 'bob', password: 'bob-password' } }, id: 'bob' },
  },
  owned: [{ name: 'orders', path: '/orders/{id}', methods: ['GET', 'PATCH'], ids: { user: ['1'], otherUser: ['2'] } }],
} satisfies TargetInput;
