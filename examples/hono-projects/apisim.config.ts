import { defineTarget } from 'apisim';

/**
 * The projects app as apisim checks it: two users with their bearer tokens, and the OpenAPI document the
 * app serves. Everything else (what the users own, what they write, what anyone may call, the
 * Idempotency-Key header) is derived from the document: `npx apisim describe --config` prints it.
 */
export default defineTarget({
  name: 'hono-projects',
  app: { module: './app.ts', export: 'default' },
  users: {
    user: { headers: { authorization: 'Bearer alice-token' }, id: 'alice' },
    otherUser: { headers: { authorization: 'Bearer bob-token' }, id: 'bob' },
  },
  openapi: '/openapi.json',
});
