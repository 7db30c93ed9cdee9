import { Hono } from 'hono';
import { Accounts } from './accounts.js';

interface Bookmark {
  readonly id: string;
  readonly owner: string;
  readonly url: string;
}

/**
 * Bookmarks on Hono behind a bearer token, checked by a middleware of the app's own. The flawed middleware
 * answers a token it does not know with 403 "invalid token", as many do: 403 says the caller is known and
 * may not, where a credential that names nobody must get 401, as no credential does.
 */
function bookmarksApp(unknownToken: 401 | 403) {
  const accounts = new Accounts();
  const bookmarks = new Map<string, Bookmark>();
  const app = new Hono<{ Variables: { user: string } }>();

  app.post('/login', async (c) => {
    const token = accounts.signIn(await c.req.json().catch(() => undefined));
    return token === undefined ? c.json({ error: 'wrong user or password' }, 401) : c.json({ token });
  });

  app.use('/bookmarks/*', async (c, next) => {
    const authorization = c.req.header('authorization');
    if (!Accounts.presented(authorization)) return c.json({ error: 'sign in first' }, 401);
    const user = accounts.userOf(authorization);
    if (user === undefined) return c.json({ error: 'invalid token' }, unknownToken);
    c.set('user', user);
    await next();
  });

  app.post('/bookmarks', async (c) => {
    const { url } = await c.req.json<{ url?: unknown }>();
    if (typeof url !== 'string') return c.json({ error: 'a bookmark has a url' }, 400);
    const bookmark = { id: String(bookmarks.size + 1), owner: c.get('user'), url };
    bookmarks.set(bookmark.id, bookmark);
    c.header('Location', `/bookmarks/${bookmark.id}`);
    return c.json(bookmark, 201);
  });
  app.get('/bookmarks/:id', (c) => {
    const bookmark = bookmarks.get(c.req.param('id'));
    if (bookmark === undefined) return c.json({ error: 'no such bookmark' }, 404);
    if (bookmark.owner !== c.get('user')) return c.json({ error: 'not your bookmark' }, 403);
    return c.json(bookmark);
  });
  return app;
}

export const flawed = () => bookmarksApp(403);
export const correct = () => bookmarksApp(401);
