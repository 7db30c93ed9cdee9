import { defineTarget } from 'apisim';

/** The orders app that checks login only, as apisim checks it: two users who sign in with a session cookie, and orders each owns. */
export default defineTarget({
  name: 'express-orders-flawed',
  app: { module: './app.ts', export: 'flawed' },
  users: {
    user: { login: { path: '/login', body: { user: 'alice', password: 'alice-password' } }, id: 'alice' },
    otherUser: { login: { path: '/login', body: { user: 'bob', password: 'bob-password' } }, id: 'bob' },
  },
  owned: [{ name: 'orders', path: '/orders/{id}', create: { path: '/orders', body: { item: 'rain boots', quantity: 1 } } }],
});
