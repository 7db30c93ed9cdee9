import type { TargetInput } from '../../targets/target.js';

/** Todos on Express whose DELETE splices at findIndex's -1 for a todo already gone, removing the last one. */
export default {
  name: 'express-todos-flawed',
  app: { module: './express-todos.ts', export: 'flawed' },
  writable: [{ name: 'todos', collection: '/todos', item: '/todos/{id}', body: { title: 'water the plants' }, methods: ['GET', 'DELETE'] }],
} satisfies TargetInput;
