import express, { type Express, type Request } from 'express';
import { requireLogin, sessionLogin } from './express-session-login.js';

interface Order {
  readonly id: string;
  readonly owner: string;
  readonly item: string;
  readonly quantity: number;
}

/**
 * A false pass seen on a real deployment, as Express apps are written: `GET /orders/:id` checks the owner,
 * `PATCH` only that the caller signed in. `express.json()` reads `application/json` alone, so a merge patch
 * arrives with no body and gets 400, and so does a patch that changes nothing: the suite used to count those
 * as refusals.
 */
export default function createApp(): Express {
  const orders = new Map<string, Order>();
  const app = express();
  app.use(express.json());
  sessionLogin(app);

  app.post('/orders', requireLogin, (req, res) => {
    const { item, quantity } = req.body as { item?: unknown; quantity?: unknown };
    if (typeof item !== 'string' || typeof quantity !== 'number') {
      res.status(400).json({ error: 'an order needs an item and a quantity' });
      return;
    }
    const order: Order = { id: String(orders.size + 1), owner: req.session.userId!, item, quantity };
    orders.set(order.id, order);
    res.status(201).location(`/orders/${order.id}`).json(order);
  });

  app.get('/orders/:id', requireLogin, (req: Request<{ id: string }>, res) => {
    const order = orders.get(req.params.id);
    if (order === undefined) res.status(404).json({ error: 'no such order' });
    else if (order.owner !== req.session.userId) res.status(403).json({ error: 'not your order' });
    else res.json(order);
  });

  // The flaw: signed in is all this asks.
  app.patch('/orders/:id', requireLogin, (req: Request<{ id: string }>, res) => {
    const order = orders.get(req.params.id);
    const { item, quantity } = (req.body ?? {}) as { item?: unknown; quantity?: unknown };
    if (order === undefined) res.status(404).json({ error: 'no such order' });
    else if (item === undefined && quantity === undefined) res.status(400).json({ error: 'nothing to change' });
    else if ((item !== undefined && typeof item !== 'string') || (quantity !== undefined && typeof quantity !== 'number')) res.status(400).json({ error: 'item is a string, quantity a number' });
    else {
      const changed = { ...order, ...(item !== undefined && { item }), ...(quantity !== undefined && { quantity }) };
      orders.set(order.id, changed);
      res.json(changed);
    }
  });

  return app;
}
