import type { TargetInput } from '../../targets/target.js';
import { bearerUsers } from './accounts.js';

/** Orders on Koa and their receipts, nested under each; every route behind the login gate. */
export default {
  name: 'koa-receipts-correct',
  app: { module: './koa-receipts.ts', export: 'correct' },
  users: bearerUsers,
  owned: [
    { name: 'orders', path: '/orders/{id}', create: { path: '/orders', body: { item: 'rain boots' } } },
    { name: 'receipts', path: '/orders/{id}/receipt', create: { path: '/orders', body: { item: 'rain boots' } } },
  ],
} satisfies TargetInput;
