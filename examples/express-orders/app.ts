import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import session from 'express-session';

declare module 'express-session' {
  interface SessionData {
    userId: string;
  }
}

export interface Order {
  readonly id: string;
  readonly owner: string;
  readonly item: string;
  readonly quantity: number;
}

export interface OrdersOptions {
  /** `GET /orders/:id` answers only the order's owner. Without it, any signed-in user reads any order. */
  readonly ownerCheck: boolean;
  /** Where the orders live, as a real app is handed its database; a new, empty one when absent. */
  readonly orders?: Map<string, Order> | undefined;
}

/** The example's users and their passwords. A real app keeps salted hashes in a database. */
const passwords = new Map([
  ['alice', 'alice-password'],
  ['bob', 'bob-password'],
]);

const stores = new WeakMap<Express, Map<string, Order>>();

/** Sessions in a signed cookie, kept in express-session's default MemoryStore: a new store for each app. */
export function sessions(): RequestHandler {
  return session({
    // A deployment reads its secret from the environment. The example fixes it, as express-session's own
    // README does, so that a seed's cookies are the same on every machine.
    secret: 'keyboard cat',
    resave: false,
    saveUninitialized: false,
  });
}

/** `POST /login` with `{ user, password }`: a new session for a known user, answered 204. */
export function login(req: Request, res: Response, next: NextFunction): void {
  const { user, password } = req.body as { user?: unknown; password?: unknown };
  if (typeof user !== 'string' || passwords.get(user) !== password) {
    res.status(401).json({ error: 'wrong user or password' });
    return;
  }
  // A new session id at sign-in, as express-session's README does, so that an id set before it is worth nothing.
  req.session.regenerate((error) => {
    if (error) {
      next(error);
      return;
    }
    req.session.userId = user;
    res.status(204).end();
  });
}

/** Gate 1: who is calling? Only a session that went through `POST /login` has a `userId`. */
export function requireLogin(req: Request, res: Response, next: NextFunction): void {
  if (req.session.userId === undefined) res.status(401).json({ error: 'sign in first' });
  else next();
}

/** An orders service on Express 5 with express-session. The default is the correct form; `flawed` checks login only. */
export default function createApp(options: OrdersOptions = { ownerCheck: true }): Express {
  const orders = options.orders ?? new Map<string, Order>();
  const app = express();
  app.use(express.json());
  app.use(sessions());
  app.post('/login', login);

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
    // Gate 2: may this caller see this order? The flawed form never asks.
    else if (options.ownerCheck && order.owner !== req.session.userId) res.status(403).json({ error: 'not your order' });
    else res.json(order);
  });

  stores.set(app, orders);
  return app;
}

/** The classic flaw: `GET /orders/:id` checks that the caller signed in, not that the order is theirs. */
export const flawed = (): Express => createApp({ ownerCheck: false });

/** The orders the app holds: what a run reports as the app's final state. */
export function state(app: Express): { readonly orders: readonly Order[] } {
  return { orders: [...(stores.get(app)?.values() ?? [])] };
}
