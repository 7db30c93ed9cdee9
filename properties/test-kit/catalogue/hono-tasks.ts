import { Hono } from 'hono';

interface Task {
  readonly id: string;
  readonly title: string;
  readonly updatedAt?: string;
}

type Form = 'flawed' | 'correct' | 'stamped';

/**
 * Tasks on Hono, made by POST or by `PUT /tasks/:id`, which replaces a task or creates it under the id the
 * path names (RFC 9110 §9.3.4); there is no DELETE. The flawed PUT creates a missing task the way POST does,
 * under the next id, ignoring the one in the path: each repeat of the same PUT adds another task.
 *
 * `stamped` is the correct form with what ORMs add to a row on each write, `updatedAt`: RFC 9110 §9.2.2 lets
 * an idempotent request have side effects the client did not ask for ("a server is free to log each request
 * separately, retain a revision control history"), so a repeated PUT that moves only it is still idempotent.
 */
function tasksApp(form: Form) {
  const tasks = new Map<string, Task>();
  let lastId = 0;
  const nextId = (): string => {
    do lastId += 1;
    while (tasks.has(String(lastId)));
    return String(lastId);
  };
  const app = new Hono();
  const titleOf = async (body: Promise<{ title?: unknown }>) => {
    const { title } = await body;
    return typeof title === 'string' ? title : undefined;
  };

  app.get('/tasks', (c) => c.json([...tasks.values()]));
  app.post('/tasks', async (c) => {
    const title = await titleOf(c.req.json());
    if (title === undefined) return c.json({ error: 'a task has a title' }, 400);
    const task = { id: nextId(), title };
    tasks.set(task.id, task);
    c.header('Location', `/tasks/${task.id}`);
    return c.json(task, 201);
  });
  app.get('/tasks/:id', (c) => {
    const task = tasks.get(c.req.param('id'));
    return task === undefined ? c.json({ error: 'no such task' }, 404) : c.json(task);
  });
  app.put('/tasks/:id', async (c) => {
    const title = await titleOf(c.req.json());
    if (title === undefined) return c.json({ error: 'a task has a title' }, 400);
    const id = c.req.param('id');
    const stamp = form === 'stamped' ? { updatedAt: new Date().toISOString() } : {};
    if (tasks.has(id)) {
      const task = { id, title, ...stamp };
      tasks.set(id, task);
      return c.json(task);
    }
    const task = { id: form === 'flawed' ? nextId() : id, title, ...stamp };
    tasks.set(task.id, task);
    c.header('Location', `/tasks/${task.id}`);
    return c.json(task, 201);
  });
  return app;
}

export const flawed = () => tasksApp('flawed');
export const correct = () => tasksApp('correct');
export const stamped = () => tasksApp('stamped');
