import type { TargetInput } from '../../targets/target.js';

/** Tasks on Hono whose PUT adds the labels it is given to the task's, where it should replace them. */
export default {
  name: 'hono-tasks-labels-appended',
  app: { module: './hono-tasks.ts', export: 'labelsAppended' },
  writable: [{ name: 'tasks', collection: '/tasks', item: '/tasks/{id}', body: { title: 'water the plants', labels: ['garden'] }, methods: ['GET', 'PUT'] }],
} satisfies TargetInput;
