import type { TargetInput } from '../../targets/target.js';
import { bearerUsers } from './accounts.js';

/** Bookmarks on Hono behind a bearer token; a token the app does not know is answered 403. */
export default {
  name: 'hono-bookmarks-flawed',
  app: { module: './hono-bookmarks.ts', export: 'flawed' },
  users: bearerUsers,
  owned: [{ name: 'bookmarks', path: '/bookmarks/{id}', create: { path: '/bookmarks', body: { url: 'https://example.org' } } }],
} satisfies TargetInput;
