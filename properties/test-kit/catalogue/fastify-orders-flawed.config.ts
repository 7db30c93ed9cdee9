import type { TargetInput } from '../../targets/target.js';
import { bearerUsers } from './accounts.js';

/** Orders on Fastify that can be read and cancelled; DELETE checks login only. */
export default {
  name: 'fastify-orders-flawed',
  app: { module: './fastify-orders.ts', export: 'flawed' },
  users: bearerUsers,
  owned: [{ name: 'orders', path: '/orders/{id}', methods: ['GET', 'DELETE'], create: { path: '/orders', body: { item: 'rain boots' } } }],
} satisfies TargetInput;
