import { defineTarget } from 'apisim';

/** The NestJS notes app that checks login only, as apisim checks it: the same users and notes as the correct form's. */
export default defineTarget({
  name: 'nest-notes-flawed',
  app: { module: './dist/main.js', export: 'flawed' },
  users: {
    user: { headers: { authorization: 'Bearer alice-token' }, id: 'alice' },
    otherUser: { headers: { authorization: 'Bearer bob-token' }, id: 'bob' },
  },
  owned: [{ name: 'notes', path: '/notes/{id}', create: { path: '/notes', body: { content: 'buy milk' } } }],
});
