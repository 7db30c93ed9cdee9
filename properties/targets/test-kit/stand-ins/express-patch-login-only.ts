import type { Express, Request } from 'express';
import createApp, { type Order, requireLogin } from '../../../../examples/express-orders/app.js';

/**
 * A false pass seen on a real deployment, as Express apps are written: `GET /orders/:id` checks the owner,
 * `PATCH` only that the caller signed in. `express.json()` reads `application/json` alone, so a merge patch
 * arrives with no body and gets 400, and so does a patch that changes nothing: the suite used to count those
 * as refusals.
 */
export default function createStandIn(): Express {
  const orders = new Map<string, Order>();
  // The example's orders, login and owner-checked GET, as they are.
  const app = createApp({ ownerCheck: true, orders });

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
