import { defineTarget } from 'apisim';

/**
 * The projects app whose task routes check only that the project exists, described as the correct one is:
 * its users and its OpenAPI document, nothing of what they own written by hand.
 */
export default defineTarget({
  name: 'hono-projects-flawed',
  app: { module: './app.ts', export: 'flawed' },
  users: {
    user: { headers: { authorization: 'Bearer alice-token' }, id: 'alice' },
    otherUser: { headers: { authorization: 'Bearer bob-token' }, id: 'bob' },
  },
  openapi: '/openapi.json',
});
