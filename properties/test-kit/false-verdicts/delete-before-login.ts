import express, { type Express, type Request } from 'express';
import { login, requireLogin, sessions } from '../../../examples/express-orders/app.js';

/**
 * Orders whose `DELETE` route looks the order up before it asks who is calling, as a handler written
 * "find it, else 404; then check" does: an anonymous caller learns which ids exist (404 for a missing one),
 * where gate 1 must answer 401 first. GET and PATCH ask first, as they should; `correct` asks first on DELETE too.
 */
function ordersApp(loginFirst: boolean): Express {
  const orders = new Map<string, { readonly id: string; readonly owner: string; item: string }>();
  const app = express();
  app.use(express.json());
  app.use(sessions());
  app.post('/login', login);
  app.post('/orders', requireLogin, (req, res) => {
    const { item } = (req.body ?? {}) as { item?: unknown };
    if (typeof item !== 'string') {
      res.status(400).json({ error: 'an order needs an item' });
      return;
    }
    const order = { id: String(orders.size + 1), owner: req.session.userId!, item };
    orders.set(order.id, order);
    res.status(201).location(`/orders/${order.id}`).json(order);
  });
  const mine = (req: Request<{ id: string }>, res: express.Response) => {
    const order = orders.get(req.params.id);
    if (order === undefined) res.status(404).json({ error: 'no such order' });
    else if (order.owner !== req.session.userId) res.status(403).json({ error: 'not your order' });
    else return order;
    return undefined;
  };
  app.get('/orders/:id', requireLogin, (req: Request<{ id: string }>, res) => {
    const order = mine(req, res);
    if (order !== undefined) res.json(order);
  });
  app.patch('/orders/:id', requireLogin, (req: Request<{ id: string }>, res) => {
    const order = mine(req, res);
    const { item } = (req.body ?? {}) as { item?: unknown };
    if (order === undefined) return;
    if (typeof item === 'string') order.item = item;
    res.json(order);
  });
  const remove = (req: Request<{ id: string }>, res: express.Response) => {
    if (mine(req, res) === undefined) return;
    orders.delete(req.params.id);
    res.status(204).end();
  };
  if (loginFirst) app.delete('/orders/:id', requireLogin, remove);
  else {
    app.delete('/orders/:id', (req: Request<{ id: string }>, res, next) => {
      if (!orders.has(req.params.id)) res.status(404).json({ error: 'no such order' });
      else next();
    }, requireLogin, remove);
  }
  return app;
}

export const flawed = (): Express => ordersApp(false);
export const correct = (): Express => ordersApp(true);
