import type { TargetInput } from '../../targets/target.js';
import { bearerUsers } from './accounts.js';

/** Orders on Fastify that can be read and cancelled; DELETE checks the owner, as GET does. */
export default {
  name: 'fastify-orders-correct',
  app: { module: './fastify-orders.ts', export: 'correct' },
  users: bearerUsers,
  owned: [{ name: 'orders', path: '/orders/{id}', methods: ['GET', 'DELETE'], create: { path: '/orders', body: { item: 'rain boots' } } }],
} satisfies TargetInput;
