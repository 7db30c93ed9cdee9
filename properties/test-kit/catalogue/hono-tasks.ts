import { Hono } from 'hono';

interface Task {
  readonly id: string;
  readonly title: string;
  readonly labels: readonly string[];
  readonly updatedAt?: string;
}

type Form = 'flawed' | 'correct' | 'stamped' | 'labels-appended';

/**
 * Tasks on Hono, made by POST or by `PUT /tasks/:id`, which replaces a task or creates it under the id the
 * path names (RFC 9110 §9.3.4); there is no DELETE. The flawed PUT creates a missing task the way POST does,
 * under the next id, ignoring the one in the path: each repeat of the same PUT adds another task.
 *
 * `stamped` is the correct form with what ORMs add to a row on each write, `updatedAt`: RFC 9110 §9.2.2 lets
 * an idempotent request have side effects the client did not ask for ("a server is free to log each request
 * separately, retain a revision control history"), so a repeated PUT that moves only it is still idempotent.
 *
 * `labelsAppended` is another flawed PUT: it adds the labels it is given to those the task has, as an "add
 * labels" endpoint would, where PUT replaces them. Each repeat of the same PUT adds them again.
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
  const taskOf = async (body: Promise<{ title?: unknown; labels?: unknown }>) => {
    const { title, labels } = await body;
    if (typeof title !== 'string') return undefined;
    return { title, labels: Array.isArray(labels) ? labels.filter((l): l is string => typeof l === 'string') : [] };
  };

  app.get('/tasks', (c) => c.json([...tasks.values()]));
  app.post('/tasks', async (c) => {
    const fields = await taskOf(c.req.json());
    if (fields === undefined) return c.json({ error: 'a task has a title' }, 400);
    const task = { id: nextId(), ...fields };
    tasks.set(task.id, task);
    c.header('Location', `/tasks/${task.id}`);
    return c.json(task, 201);
  });
  app.get('/tasks/:id', (c) => {
    const task = tasks.get(c.req.param('id'));
    return task === undefined ? c.json({ error: 'no such task' }, 404) : c.json(task);
  });
  app.put('/tasks/:id', async (c) => {
    const fields = await taskOf(c.req.json());
    if (fields === undefined) return c.json({ error: 'a task has a title' }, 400);
    const id = c.req.param('id');
    const stamp = form === 'stamped' ? { updatedAt: new Date().toISOString() } : {};
    const existing = tasks.get(id);
    if (existing !== undefined) {
      const labels = form === 'labels-appended' ? [...existing.labels, ...fields.labels] : fields.labels;
      const task = { id, ...fields, labels, ...stamp };
      tasks.set(id, task);
      return c.json(task);
    }
    const task = { id: form === 'flawed' ? nextId() : id, ...fields, ...stamp };
    tasks.set(task.id, task);
    c.header('Location', `/tasks/${task.id}`);
    return c.json(task, 201);
  });
  return app;
}

export const flawed = () => tasksApp('flawed');
export const correct = () => tasksApp('correct');
export const stamped = () => tasksApp('stamped');
export const labelsAppended = () => tasksApp('labels-appended');
