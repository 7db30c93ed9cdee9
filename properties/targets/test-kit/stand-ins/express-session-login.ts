import type { Express, NextFunction, Request, Response } from 'express';
import session from 'express-session';

declare module 'express-session' {
  interface SessionData {
    userId: string;
  }
}

const passwords = new Map([
  ['alice', 'alice-password'],
  ['bob', 'bob-password'],
]);

/** Signed in, or 401: what every guarded route of the stand-ins asks first. */
export function requireLogin(req: Request, res: Response, next: NextFunction): void {
  if (req.session.userId === undefined) res.status(401).json({ error: 'sign in first' });
  else next();
}

/**
 * A session login as Express apps write it (express-session, a cookie): `POST <path>` with `{ <userMember>,
 * password }` for alice and bob. The stand-ins share it so that each differs from the others only in its flaw.
 */
export function sessionLogin(app: Express, path = '/login', userMember = 'user'): void {
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }));
  app.post(path, (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const user = body[userMember];
    if (typeof user !== 'string' || passwords.get(user) !== body.password) {
      res.status(401).json({ error: 'wrong user or password' });
      return;
    }
    req.session.regenerate((error) => {
      if (error) {
        next(error);
        return;
      }
      req.session.userId = user;
      res.status(200).json({ id: user });
    });
  });
}
