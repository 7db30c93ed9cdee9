import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';

/**
 * A projects service on Hono with @hono/zod-openapi, written as its docs write one: every route declared
 * with `createRoute` (its parameters, body, answers and credential), validated by the same zod schemas, and
 * the OpenAPI 3.1 document served at `/openapi.json`. Each user sees only what they made: their projects,
 * the tasks in them, and their labels. apisim reads the document and derives what to check from it.
 */

/** Who a bearer token belongs to: a real service verifies a signed token, the example keeps two. */
const tokens: Readonly<Record<string, string>> = { 'alice-token': 'alice', 'bob-token': 'bob' };

export interface ProjectsOptions {
  /**
   * Whether a task's routes check that its project is the caller's. Without it (`flawed`), they check only
   * that the project exists: anyone signed in reads and changes another user's tasks by their ids (OWASP
   * API1:2023, broken object-level authorization, on the nested resource).
   */
  readonly taskOwnerCheck: boolean;
}

interface Project { id: string; owner: string; name: string }
interface Task { id: string; projectId: string; title: string; done: boolean }
interface Label { id: string; owner: string; name: string }

type Env = { Variables: { user: string } };

const Problem = z.object({ error: z.string() }).openapi('Problem');
const ProjectInput = z.object({ name: z.string().min(1).max(200) }).openapi('ProjectInput');
const ProjectView = z.object({ id: z.string(), owner: z.string(), name: z.string() }).openapi('Project');
const TaskInput = z.object({ title: z.string().min(1).max(200), done: z.boolean().optional() }).openapi('TaskInput');
const TaskPatch = TaskInput.partial().openapi('TaskPatch');
const TaskView = z.object({ id: z.string(), projectId: z.string(), title: z.string(), done: z.boolean() }).openapi('Task');
const LabelInput = z.object({ name: z.string().min(1).max(200) }).openapi('LabelInput');
const LabelView = z.object({ id: z.string(), owner: z.string(), name: z.string() }).openapi('Label');

const projectId = z.object({ projectId: z.string().openapi({ param: { name: 'projectId', in: 'path' } }) });
const taskId = projectId.extend({ taskId: z.string().openapi({ param: { name: 'taskId', in: 'path' } }) });
const labelId = z.object({ labelId: z.string().openapi({ param: { name: 'labelId', in: 'path' } }) });
/** A POST may carry a key: a re-send with the same key gets the first answer, and makes nothing new. */
const keyHeader = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const refused = { 400: json(Problem, 'the body is not one'), 401: json(Problem, 'no credential, or not one of ours'), 404: json(Problem, 'no such object of the caller\'s') };
const made = (schema: z.ZodType, what: string) => ({ 201: json(schema, `${what}, made`), ...refused, 422: json(Problem, 'the key was used for another body') });
const gone = { 204: { description: 'deleted' }, ...refused };

const routes = {
  health: createRoute({ method: 'get', path: '/health', security: [], responses: { 200: json(z.object({ ok: z.boolean() }), 'up') } }),
  listProjects: createRoute({ method: 'get', path: '/projects', responses: { 200: json(z.array(ProjectView), 'the caller\'s projects'), ...refused } }),
  createProject: createRoute({ method: 'post', path: '/projects', request: { headers: keyHeader, ...body(ProjectInput) }, responses: made(ProjectView, 'a project') }),
  getProject: createRoute({ method: 'get', path: '/projects/{projectId}', request: { params: projectId }, responses: { 200: json(ProjectView, 'the project'), ...refused } }),
  putProject: createRoute({ method: 'put', path: '/projects/{projectId}', request: { params: projectId, ...body(ProjectInput) }, responses: { 200: json(ProjectView, 'replaced'), ...refused } }),
  patchProject: createRoute({ method: 'patch', path: '/projects/{projectId}', request: { params: projectId, ...body(ProjectInput.partial()) }, responses: { 200: json(ProjectView, 'changed'), ...refused } }),
  deleteProject: createRoute({ method: 'delete', path: '/projects/{projectId}', request: { params: projectId }, responses: gone }),
  listTasks: createRoute({ method: 'get', path: '/projects/{projectId}/tasks', request: { params: projectId }, responses: { 200: json(z.array(TaskView), 'the project\'s tasks'), ...refused } }),
  createTask: createRoute({ method: 'post', path: '/projects/{projectId}/tasks', request: { params: projectId, ...body(TaskInput) }, responses: { 201: json(TaskView, 'a task, made'), ...refused } }),
  getTask: createRoute({ method: 'get', path: '/projects/{projectId}/tasks/{taskId}', request: { params: taskId }, responses: { 200: json(TaskView, 'the task'), ...refused } }),
  putTask: createRoute({ method: 'put', path: '/projects/{projectId}/tasks/{taskId}', request: { params: taskId, ...body(TaskInput) }, responses: { 200: json(TaskView, 'replaced'), ...refused } }),
  patchTask: createRoute({ method: 'patch', path: '/projects/{projectId}/tasks/{taskId}', request: { params: taskId, ...body(TaskPatch) }, responses: { 200: json(TaskView, 'changed'), ...refused } }),
  deleteTask: createRoute({ method: 'delete', path: '/projects/{projectId}/tasks/{taskId}', request: { params: taskId }, responses: gone }),
  listLabels: createRoute({ method: 'get', path: '/labels', responses: { 200: json(z.array(LabelView), 'the caller\'s labels'), ...refused } }),
  createLabel: createRoute({ method: 'post', path: '/labels', request: { headers: keyHeader, ...body(LabelInput) }, responses: made(LabelView, 'a label') }),
  getLabel: createRoute({ method: 'get', path: '/labels/{labelId}', request: { params: labelId }, responses: { 200: json(LabelView, 'the label'), ...refused } }),
  putLabel: createRoute({ method: 'put', path: '/labels/{labelId}', request: { params: labelId, ...body(LabelInput) }, responses: { 200: json(LabelView, 'replaced'), ...refused } }),
  deleteLabel: createRoute({ method: 'delete', path: '/labels/{labelId}', request: { params: labelId }, responses: gone }),
};

/** The correct form: every object is its owner's alone, a task through its project. */
export default function createApp(options: ProjectsOptions = { taskOwnerCheck: true }): OpenAPIHono<Env> {
  const projects = new Map<string, Project>();
  const tasks = new Map<string, Task>();
  const labels = new Map<string, Label>();
  /** The answer each (user, key) had, and the body it was for: a re-send is answered the same. */
  const answered = new Map<string, { readonly body: string; readonly made: Project | Label }>();
  let lastId = 0;
  const freshId = () => String(++lastId);

  // A body the schema refuses is a 400 in the service's own words, not the validator's.
  const app = new OpenAPIHono<Env>({ defaultHook: (result, c) => (result.success ? undefined : c.json({ error: 'the request does not match its schema' }, 400)) });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });

  // Gate 1 before anything else, so that a caller without a credential learns nothing of which ids exist.
  app.use('*', async (c, next) => {
    if (c.req.path === '/health' || c.req.path === '/openapi.json') return next();
    const user = tokens[(c.req.header('authorization') ?? '').replace(/^Bearer /i, '')];
    if (user === undefined) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ error: 'sign in first' }, 401);
    }
    c.set('user', user);
    return next();
  });

  const noSuch = (c: Context<Env>) => c.json({ error: 'no such object of yours' }, 404 as const);
  const ownProject = (c: Context<Env>, id: string) => {
    const project = projects.get(id);
    return project?.owner === c.get('user') ? project : undefined;
  };
  /** A task's project: the caller's own, or (the flawed form) any that exists. */
  const taskProject = (c: Context<Env>, id: string) => (options.taskOwnerCheck ? ownProject(c, id) : projects.get(id));
  const taskIn = (project: Project | undefined, id: string) => {
    const task = tasks.get(id);
    return project !== undefined && task?.projectId === project.id ? task : undefined;
  };
  const ownLabel = (c: Context<Env>, id: string) => {
    const label = labels.get(id);
    return label?.owner === c.get('user') ? label : undefined;
  };
  /** A keyed POST: the first answer again for a re-send, a 422 for the key reused with another body. */
  const replayed = (c: Context<Env>, key: string | undefined, body: unknown) => {
    if (key === undefined) return undefined;
    const earlier = answered.get(`${c.get('user')} ${key}`);
    if (earlier === undefined) return undefined;
    return earlier.body === JSON.stringify(body) ? { made: earlier.made } : { reused: true as const };
  };
  const remember = (c: Context<Env>, key: string | undefined, body: unknown, object: Project | Label) => {
    if (key !== undefined) answered.set(`${c.get('user')} ${key}`, { body: JSON.stringify(body), made: object });
  };

  app.openapi(routes.health, (c) => c.json({ ok: true }, 200));

  app.openapi(routes.listProjects, (c) => c.json([...projects.values()].filter((p) => p.owner === c.get('user')), 200));
  app.openapi(routes.createProject, (c) => {
    const input = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const earlier = replayed(c, key, input);
    if (earlier !== undefined) return 'reused' in earlier ? c.json({ error: 'Idempotency-Key reused with another body' }, 422) : c.json(earlier.made, 201);
    const project: Project = { id: freshId(), owner: c.get('user'), name: input.name };
    projects.set(project.id, project);
    remember(c, key, input, project);
    c.header('Location', `/projects/${project.id}`);
    return c.json(project, 201);
  });
  app.openapi(routes.getProject, (c) => {
    const project = ownProject(c, c.req.valid('param').projectId);
    return project === undefined ? noSuch(c) : c.json(project, 200);
  });
  app.openapi(routes.putProject, (c) => {
    const project = ownProject(c, c.req.valid('param').projectId);
    if (project === undefined) return noSuch(c);
    project.name = c.req.valid('json').name;
    return c.json(project, 200);
  });
  app.openapi(routes.patchProject, (c) => {
    const project = ownProject(c, c.req.valid('param').projectId);
    if (project === undefined) return noSuch(c);
    Object.assign(project, c.req.valid('json'));
    return c.json(project, 200);
  });
  app.openapi(routes.deleteProject, (c) => {
    const project = ownProject(c, c.req.valid('param').projectId);
    if (project === undefined) return noSuch(c);
    projects.delete(project.id);
    for (const task of [...tasks.values()].filter((t) => t.projectId === project.id)) tasks.delete(task.id);
    return c.body(null, 204);
  });

  app.openapi(routes.listTasks, (c) => {
    const project = taskProject(c, c.req.valid('param').projectId);
    return project === undefined ? noSuch(c) : c.json([...tasks.values()].filter((t) => t.projectId === project.id), 200);
  });
  app.openapi(routes.createTask, (c) => {
    const project = taskProject(c, c.req.valid('param').projectId);
    if (project === undefined) return noSuch(c);
    const input = c.req.valid('json');
    const task: Task = { id: freshId(), projectId: project.id, title: input.title, done: input.done ?? false };
    tasks.set(task.id, task);
    c.header('Location', `/projects/${project.id}/tasks/${task.id}`);
    return c.json(task, 201);
  });
  app.openapi(routes.getTask, (c) => {
    const { projectId: pid, taskId: tid } = c.req.valid('param');
    const task = taskIn(taskProject(c, pid), tid);
    return task === undefined ? noSuch(c) : c.json(task, 200);
  });
  app.openapi(routes.putTask, (c) => {
    const { projectId: pid, taskId: tid } = c.req.valid('param');
    const task = taskIn(taskProject(c, pid), tid);
    if (task === undefined) return noSuch(c);
    const input = c.req.valid('json');
    Object.assign(task, { title: input.title, done: input.done ?? false });
    return c.json(task, 200);
  });
  app.openapi(routes.patchTask, (c) => {
    const { projectId: pid, taskId: tid } = c.req.valid('param');
    const task = taskIn(taskProject(c, pid), tid);
    if (task === undefined) return noSuch(c);
    Object.assign(task, c.req.valid('json'));
    return c.json(task, 200);
  });
  app.openapi(routes.deleteTask, (c) => {
    const { projectId: pid, taskId: tid } = c.req.valid('param');
    const task = taskIn(taskProject(c, pid), tid);
    if (task === undefined) return noSuch(c);
    tasks.delete(task.id);
    return c.body(null, 204);
  });

  app.openapi(routes.listLabels, (c) => c.json([...labels.values()].filter((l) => l.owner === c.get('user')), 200));
  app.openapi(routes.createLabel, (c) => {
    const input = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const earlier = replayed(c, key, input);
    if (earlier !== undefined) return 'reused' in earlier ? c.json({ error: 'Idempotency-Key reused with another body' }, 422) : c.json(earlier.made, 201);
    const label: Label = { id: freshId(), owner: c.get('user'), name: input.name };
    labels.set(label.id, label);
    remember(c, key, input, label);
    c.header('Location', `/labels/${label.id}`);
    return c.json(label, 201);
  });
  app.openapi(routes.getLabel, (c) => {
    const label = ownLabel(c, c.req.valid('param').labelId);
    return label === undefined ? noSuch(c) : c.json(label, 200);
  });
  app.openapi(routes.putLabel, (c) => {
    const label = ownLabel(c, c.req.valid('param').labelId);
    if (label === undefined) return noSuch(c);
    label.name = c.req.valid('json').name;
    return c.json(label, 200);
  });
  app.openapi(routes.deleteLabel, (c) => {
    const label = ownLabel(c, c.req.valid('param').labelId);
    if (label === undefined) return noSuch(c);
    labels.delete(label.id);
    return c.body(null, 204);
  });

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'projects', version: '1.0.0' },
    // Every operation needs a bearer token unless it says otherwise (`/health`: `security: []`).
    security: [{ bearer: [] }],
  });
  return app;
}

/** The classic flaw on the nested resource: a task's routes check that its project exists, not whose it is. */
export const flawed = (): OpenAPIHono<Env> => createApp({ taskOwnerCheck: false });
