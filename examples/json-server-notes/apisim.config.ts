import { defineTarget } from 'apisim';

/** The json-server notes as apisim checks it: two users with bearer tokens, and notes each owns. */
export default defineTarget({
  name: 'json-server-notes',
  app: { module: './app.ts', export: 'default' },
  users: {
    user: { headers: { authorization: 'Bearer alice-token' }, id: 'alice' },
    otherUser: { headers: { authorization: 'Bearer bob-token' }, id: 'bob' },
  },
  owned: [{ name: 'notes', path: '/notes/{id}', create: { path: '/notes', body: { content: 'buy milk' } } }],
});
