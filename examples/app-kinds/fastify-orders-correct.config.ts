import { defineTarget } from 'apisim';

/** The Fastify orders instance (the catalogue's `fastify-orders-instance.ts`): orders read and cancelled; DELETE checks the owner, as GET does. */
export default defineTarget({
  name: 'app-kinds-fastify-orders-correct',
  app: { module: '../../properties/test-kit/catalogue/fastify-orders-instance.ts', export: 'default' },
  users: {
    user: { login: { path: '/login', body: { user: 'alice', password: 'alice-password' } }, credential: { bearer: 'token' }, id: 'alice' },
    otherUser: { login: { path: '/login', body: { user: 'bob', password: 'bob-password' } }, credential: { bearer: 'token' }, id: 'bob' },
  },
  owned: [{ name: 'orders', path: '/orders/{id}', methods: ['GET', 'DELETE'], create: { path: '/orders', body: { item: 'rain boots' } } }],
});
