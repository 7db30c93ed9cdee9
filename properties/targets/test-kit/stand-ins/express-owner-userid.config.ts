import type { TargetInput } from '../../target.js';

/** The stand-in whose orders name their owner `userId` and whose PUT checks login only: owner isolation must fail. */
export default {
  name: 'express-owner-userid',
  app: { module: './express-owner-userid.ts', export: 'default' },
  users: {
    user: { login: { path: '/sessions', body: { username: 'alice', password: 'alice-password' } }, id: 'alice' },
    otherUser: { login: { path: '/sessions', body: { username: 'bob', password: 'bob-password' } }, id: 'bob' },
  },
  owned: [{ name: 'orders', path: '/orders/{id}', owner: 'userId', ids: { user: ['11', '12'], otherUser: ['21'] } }],
} satisfies TargetInput;
