import Fastify, { type FastifyServerOptions } from 'fastify';

/**
 * The factory Fastify's testing guide writes (`build(opts)` in app.js, so that a test builds its own
 * server): the scenario's `options` are Fastify's own, `{ "logger": true }` included.
 */
export function build(opts: FastifyServerOptions = {}) {
  const notes: { id: number; content: string }[] = [];
  const app = Fastify(opts);
  app.post<{ Body: { content: string } }>('/notes', async (request, reply) => {
    const note = { id: notes.length + 1, content: request.body.content };
    notes.push(note);
    request.log.info({ id: note.id }, 'note created');
    return reply.code(201).send(note);
  });
  app.get('/notes', (_request, reply) => reply.send(notes));
  app.get<{ Params: { id: string } }>('/notes/:id', async (request, reply) => notes.find((n) => n.id === Number(request.params.id)) ?? reply.code(404).send({ error: 'no such note' }));
  return app;
}
