import express, { type Express, type Request } from 'express';
import { requireLogin } from '../../../../examples/express-orders/app.js';
import { specSessionLogin } from './express-session-login.js';

/**
 * A false failure of a public endpoint, seen on a real deployment: a service of the spec's shape whose
 * `POST /users` is a registration anyone may call (it fills in what the body leaves out), while every other
 * endpoint answers 401 without a login. A user may delete only themself, so what an unidentified POST made
 * cannot be removed by the suite's user: the report must list it.
 */
export default function createApp(): Express {
  const users = new Map<string, { readonly id: string; readonly name: string }>();
  const app = express();
  app.use(express.json());
  specSessionLogin(app);

  app.post('/users', (req, res) => {
    const { name } = (req.body ?? {}) as { name?: unknown };
    const user = { id: String(users.size + 1), name: typeof name === 'string' ? name : `user ${users.size + 1}` };
    users.set(user.id, user);
    res.status(201).location(`/users/${user.id}`).json(user);
  });

  app.use(requireLogin);
  app.delete('/users/:id', (req: Request<{ id: string }>, res) => {
    if (req.params.id !== req.session.userId) res.status(403).json({ error: 'you may delete only yourself' });
    else res.status(users.delete(req.params.id) ? 204 : 404).end();
  });
  // The rest of the spec's endpoints are not this stand-in's point: signed in, they answer 404.
  app.use((_req, res) => {
    res.status(404).json({ error: 'not here' });
  });
  return app;
}
