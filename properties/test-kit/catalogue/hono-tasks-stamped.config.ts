import type { TargetInput } from '../../targets/target.js';

/** Tasks on Hono whose PUT of a missing task creates it under the id the path names, and stamps updatedAt on every PUT. */
export default {
  name: 'hono-tasks-stamped',
  app: { module: './hono-tasks.ts', export: 'stamped' },
  writable: [{ name: 'tasks', collection: '/tasks', item: '/tasks/{id}', body: { title: 'water the plants' }, methods: ['GET', 'PUT'] }],
} satisfies TargetInput;
