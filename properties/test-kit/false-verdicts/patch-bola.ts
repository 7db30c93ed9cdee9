import express, { type Express, type Request } from 'express';
import { login, requireLogin, sessions } from '../../../examples/express-orders/app.js';

interface Order {
  readonly id: string;
  readonly owner: string;
  readonly item: string;
  readonly quantity: number;
}

/**
 * Orders as Express apps write them, with the orders there before anyone asks (alice's 1, bob's 2): `GET`
 * checks the owner, `PATCH` only that the caller signed in. `express.json()` reads `application/json` alone
 * and a patch that changes nothing is a 400, so an empty or merge-patch body is refused for its form; only a
 * patch with a member gets through, to anyone's order. The correct form checks the owner on PATCH too.
 */
function ordersApp(ownerChecked: boolean): Express {
  const orders = new Map<string, Order>([
    ['1', { id: '1', owner: 'alice', item: 'rain boots', quantity: 1 }],
    ['2', { id: '2', owner: 'bob', item: 'umbrella', quantity: 2 }],
  ]);
  const app = express();
  app.use(express.json());
  app.use(sessions());
  app.post('/login', login);
  app.get('/orders/:id', requireLogin, (req: Request<{ id: string }>, res) => {
    const order = orders.get(req.params.id);
    if (order === undefined) res.status(404).json({ error: 'no such order' });
    else if (order.owner !== req.session.userId) res.status(403).json({ error: 'not your order' });
    else res.json(order);
  });
  app.patch('/orders/:id', requireLogin, (req: Request<{ id: string }>, res) => {
    const order = orders.get(req.params.id);
    const { item, quantity } = (req.body ?? {}) as { item?: unknown; quantity?: unknown };
    if (order === undefined) res.status(404).json({ error: 'no such order' });
    else if (ownerChecked && order.owner !== req.session.userId) res.status(403).json({ error: 'not your order' });
    else if (item === undefined && quantity === undefined) res.status(400).json({ error: 'nothing to change' });
    else if ((item !== undefined && typeof item !== 'string') || (quantity !== undefined && typeof quantity !== 'number')) res.status(400).json({ error: 'item is a string, quantity a number' });
    else {
      const changed = { ...order, ...(typeof item === 'string' && { item }), ...(typeof quantity === 'number' && { quantity }) };
      orders.set(order.id, changed);
      res.json(changed);
    }
  });
  return app;
}

export const flawed = (): Express => ordersApp(false);
export const correct = (): Express => ordersApp(true);
