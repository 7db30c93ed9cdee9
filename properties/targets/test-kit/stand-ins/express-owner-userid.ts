import express, { type Express, type Request } from 'express';
import { requireLogin } from '../../../../examples/express-orders/app.js';
import { specSessionLogin } from './express-session-login.js';

interface Order {
  readonly id: string;
  readonly userId: string;
  readonly item: string;
  readonly quantity: number;
}

/**
 * A false pass seen on a real deployment: orders that exist before any request, their owner in `userId` (not
 * the spec's `user_id`), read by their owner only, while `PUT /orders/:id` checks login only. The suite used
 * to know the user's own orders by `user_id` alone, found none, and passed without a write probed.
 */
export default function createApp(): Express {
  const orders = new Map<string, Order>([
    ['11', { id: '11', userId: 'alice', item: 'rain boots', quantity: 1 }],
    ['12', { id: '12', userId: 'alice', item: 'umbrella', quantity: 2 }],
    ['21', { id: '21', userId: 'bob', item: 'kettle', quantity: 1 }],
  ]);
  const app = express();
  app.use(express.json());
  specSessionLogin(app);

  app.get('/orders/:id', requireLogin, (req: Request<{ id: string }>, res) => {
    const order = orders.get(req.params.id);
    if (order === undefined) res.status(404).json({ error: 'no such order' });
    else if (order.userId !== req.session.userId) res.status(403).json({ error: 'not your order' });
    else res.json(order);
  });

  // The flaw: a replacement by anyone signed in, the owner kept as it was sent.
  app.put('/orders/:id', requireLogin, (req: Request<{ id: string }>, res) => {
    const order = orders.get(req.params.id);
    const { userId, item, quantity } = (req.body ?? {}) as Partial<Record<keyof Order, unknown>>;
    if (order === undefined) res.status(404).json({ error: 'no such order' });
    else if (typeof userId !== 'string' || typeof item !== 'string' || typeof quantity !== 'number') res.status(400).json({ error: 'an order has a userId, an item and a quantity' });
    else {
      const replaced = { id: order.id, userId, item, quantity };
      orders.set(order.id, replaced);
      res.json(replaced);
    }
  });

  return app;
}
