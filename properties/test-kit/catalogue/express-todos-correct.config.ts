import type { TargetInput } from '../../targets/target.js';

/** Todos on Express whose DELETE answers 404 for a todo already gone. */
export default {
  name: 'express-todos-correct',
  app: { module: './express-todos.ts', export: 'correct' },
  writable: [{ name: 'todos', collection: '/todos', item: '/todos/{id}', body: { title: 'water the plants' }, methods: ['GET', 'DELETE'] }],
} satisfies TargetInput;
