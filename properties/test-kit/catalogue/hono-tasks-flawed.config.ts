import type { TargetInput } from '../../targets/target.js';

/** Tasks on Hono whose PUT of a missing task creates it under a new id. */
export default {
  name: 'hono-tasks-flawed',
  app: { module: './hono-tasks.ts', export: 'flawed' },
  writable: [{ name: 'tasks', collection: '/tasks', item: '/tasks/{id}', body: { title: 'water the plants' }, methods: ['GET', 'PUT'] }],
} satisfies TargetInput;
