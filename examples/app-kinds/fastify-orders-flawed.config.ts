import { defineTarget } from 'apisim';

/** The Fastify orders instance (the catalogue's `fastify-orders-instance.ts`): orders read and cancelled; DELETE checks login only. */
export default defineTarget({
  name: 'app-kinds-fastify-orders-flawed',
  app: { module: '../../properties/test-kit/catalogue/fastify-orders-instance.ts', export: 'flawed' },
  users: {
    user: { login: { path: '/login', body: { user: 'alice', password: 'alice-password' } }, credential: { bearer: 'token' }, id: 'alice' },
    otherUser: { login: { path: '/login', body: { user: 'bob', password: 'bob-password' } }, credential: { bearer: 'token' }, id: 'bob' },
  },
  owned: [{ name: 'orders', path: '/orders/{id}', methods: ['GET', 'DELETE'], create: { path: '/orders', body: { item: 'rain boots' } } }],
});
