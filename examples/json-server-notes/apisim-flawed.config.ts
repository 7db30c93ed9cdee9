import { defineTarget } from 'apisim';

/** The json-server notes that check sign-in only, as apisim checks them: the same users and notes as the correct form's. */
export default defineTarget({
  name: 'json-server-notes-flawed',
  app: { module: './app.ts', export: 'flawed' },
  users: {
    user: { headers: { authorization: 'Bearer alice-token' }, id: 'alice' },
    otherUser: { headers: { authorization: 'Bearer bob-token' }, id: 'bob' },
  },
  owned: [{ name: 'notes', path: '/notes/{id}', create: { path: '/notes', body: { content: 'buy milk' } } }],
});
