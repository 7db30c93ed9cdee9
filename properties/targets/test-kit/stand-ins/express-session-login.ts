import type { Express, NextFunction, Request, Response } from 'express';
import { login, sessions } from '../../../../examples/express-orders/app.js';

/**
 * The Express example's session login (`examples/express-orders/app.ts`) at the spec's address: `POST /sessions`
 * with `{ username, password }`, so that the suite's `--user alice:…` signs in over sockets too. The stand-ins
 * share the example's login so that each differs from a correct Express app only in its flaw.
 */
export function specSessionLogin(app: Express): void {
  app.use(sessions());
  app.post('/sessions', asExampleLogin, login);
}

/** The spec names the member `username`, the example `user`. */
function asExampleLogin(req: Request, _res: Response, next: NextFunction): void {
  const { username, password } = (req.body ?? {}) as Record<string, unknown>;
  req.body = { user: username, password };
  next();
}
