import type { TargetInput } from '../../target.js';

/** The stand-in whose POST /notes does not work: gate 1 is still probed, and the notes checks could not run. */
export default {
  name: 'express-notes-post-broken',
  app: { module: './express-notes-post-broken.ts', export: 'default' },
  users: {
    user: { login: { path: '/login', body: { user: 'alice', password: 'alice-password' } }, id: 'alice' },
    otherUser: { login: { path: '/login', body: { user: 'bob', password: 'bob-password' } }, id: 'bob' },
  },
  writable: [{ name: 'notes', collection: '/notes', item: '/notes/{id}', body: { content: 'x' }, methods: ['GET', 'PUT', 'DELETE'], by: 'user' }],
} satisfies TargetInput;
