import type { TargetInput } from '../../targets/target.js';

/** Orders with GET, PATCH and DELETE declared; DELETE correctasks who is calling first. */
export default {
  name: 'delete-before-login-correct',
  app: { module: './delete-before-login.ts', export: 'correct' },
  users: {
    user: { login: { path: '/login', body: { user: 'alice', password: 'alice-password' } }, id: 'alice' },
    otherUser: { login: { path: '/login', body: { user: 'bob', password: 'bob-password' } }, id: 'bob' },
  },
  owned: [{ name: 'orders', path: '/orders/{id}', methods: ['GET', 'PATCH', 'DELETE'], create: { path: '/orders', body: { item: 'rain boots' } } }],
} satisfies TargetInput;
