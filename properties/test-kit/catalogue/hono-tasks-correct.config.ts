import type { TargetInput } from '../../targets/target.js';

/** Tasks on Hono whose PUT of a missing task creates it under the id the path names. */
export default {
  name: 'hono-tasks-correct',
  app: { module: './hono-tasks.ts', export: 'correct' },
  writable: [{ name: 'tasks', collection: '/tasks', item: '/tasks/{id}', body: { title: 'water the plants', labels: ['garden'] }, methods: ['GET', 'PUT'] }],
} satisfies TargetInput;
