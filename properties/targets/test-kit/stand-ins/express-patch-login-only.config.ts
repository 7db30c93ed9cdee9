import type { TargetInput } from '../../target.js';

/** The stand-in whose PATCH checks login only: `orders/owner-isolation` must fail on it. */
export default {
  name: 'express-patch-login-only',
  app: { module: './express-patch-login-only.ts', export: 'default' },
  users: {
    user: { login: { path: '/login', body: { user: 'alice', password: 'alice-password' } }, id: 'alice' },
    otherUser: { login: { path: '/login', body: { user: 'bob', password: 'bob-password' } }, id: 'bob' },
  },
  owned: [{ name: 'orders', path: '/orders/{id}', create: { path: '/orders', body: { item: 'rain boots', quantity: 1 } } }],
} satisfies TargetInput;
