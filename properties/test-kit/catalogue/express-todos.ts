import express, { type Express, type Request } from 'express';

interface Todo {
  readonly id: string;
  title: string;
}

/**
 * Todos on Express 5, kept in an array as tutorials keep them. The flawed `DELETE /todos/:id` splices at the
 * index `findIndex` gave without asking whether it found one: for an id already deleted it is -1, and
 * `splice(-1, 1)` removes the last todo. Deleting once works; sending the same DELETE again deletes another.
 */
function todosApp(checksTheIndex: boolean): Express {
  const todos: Todo[] = [];
  let lastId = 0;
  const app = express();
  app.use(express.json());
  app.get('/todos', (_req, res) => {
    res.json(todos);
  });
  app.post('/todos', (req, res) => {
    const { title } = (req.body ?? {}) as { title?: unknown };
    if (typeof title !== 'string') {
      res.status(400).json({ error: 'a todo has a title' });
      return;
    }
    const todo = { id: String(++lastId), title };
    todos.push(todo);
    res.status(201).location(`/todos/${todo.id}`).json(todo);
  });
  app.get('/todos/:id', (req: Request<{ id: string }>, res) => {
    const todo = todos.find((t) => t.id === req.params.id);
    if (todo === undefined) res.status(404).json({ error: 'no such todo' });
    else res.json(todo);
  });
  app.delete('/todos/:id', (req: Request<{ id: string }>, res) => {
    const index = todos.findIndex((t) => t.id === req.params.id);
    if (checksTheIndex && index < 0) {
      res.status(404).json({ error: 'no such todo' });
      return;
    }
    todos.splice(index, 1);
    res.status(204).end();
  });
  return app;
}

export const flawed = (): Express => todosApp(false);
export const correct = (): Express => todosApp(true);
