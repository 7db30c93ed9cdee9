import type { NextFunction, Request, Response } from 'express';
import jsonServer from 'json-server';

/** The example's bearer tokens and whose each is, as the NestJS notes have them. */
const holders = new Map([
  ['alice-token', 'alice'],
  ['bob-token', 'bob'],
]);

const caller = (req: Request): string | undefined => {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  return scheme === 'Bearer' && token !== undefined ? holders.get(token) : undefined;
};

/**
 * Notes on json-server 0.17, as its README's "Module" section builds a server: `create()`, `defaults()` (its
 * static files, logger, CORS and no-cache headers), a middleware of our own, then `router(...)` over an
 * in-memory object (a fresh `{ notes: [] }` each build, so each run starts empty). The middleware is the
 * owner rule json-server-auth's "600" guard gives a route: sign in first, a note is its writer's, and only its
 * writer reads or changes it. The flawed form checks sign-in only.
 */
function notesServer(ownerCheck: boolean) {
  const server = jsonServer.create();
  const router = jsonServer.router({ notes: [] });
  server.use(jsonServer.defaults());
  server.use(jsonServer.bodyParser);
  server.use('/notes', (req: Request, res: Response, next: NextFunction) => {
    const user = caller(req);
    if (user === undefined) {
      res.status(401).json({ error: 'sign in first' });
      return;
    }
    if (req.method === 'POST') (req.body as Record<string, unknown>).userId = user;
    if (!ownerCheck) {
      next();
      return;
    }
    // Under `server.use('/notes', …)` the path is what follows: `/` for the list, `/<id>` for one note.
    const id = req.path.split('/')[1];
    if (id === undefined || id === '') {
      // The list: only the caller's notes, json-server's own filter (`?userId=`).
      if (req.method === 'GET') (req.query as Record<string, unknown>).userId = user;
      next();
      return;
    }
    const note = router.db.get('notes').getById(id).value() as { userId?: string } | undefined;
    if (note !== undefined && note.userId !== user) {
      res.status(403).json({ error: 'not your note' });
      return;
    }
    next();
  });
  server.use(router);
  return server;
}

export default () => notesServer(true);

/** The classic flaw: signed in is enough, so Bob reads Alice's note. */
export const flawed = () => notesServer(false);
