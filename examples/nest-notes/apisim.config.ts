import { defineTarget } from 'apisim';

/**
 * The NestJS notes app as apisim checks it, built as its users ship it (`dist/`, by tsc with decorator
 * metadata): two users with bearer tokens, and notes each owns.
 */
export default defineTarget({
  name: 'nest-notes',
  app: { module: './dist/main.js', export: 'default' },
  users: {
    user: { headers: { authorization: 'Bearer alice-token' }, id: 'alice' },
    otherUser: { headers: { authorization: 'Bearer bob-token' }, id: 'bob' },
  },
  owned: [{ name: 'notes', path: '/notes/{id}', create: { path: '/notes', body: { content: 'buy milk' } } }],
});
