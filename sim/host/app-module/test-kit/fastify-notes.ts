import Fastify from 'fastify';

/**
 * A Fastify instance as Fastify's docs write a server, exported as it is (`export default app`): no
 * `ready()`, no `listen()`. Notes with numeric ids; `GET /notes/:id` reads the id as the number it is.
 */
const notes = new Map<number, { id: number; content: string }>();
const app = Fastify();

app.post<{ Body: { content: string } }>('/notes', async (request, reply) => {
  const note = { id: notes.size + 1, content: request.body.content };
  notes.set(note.id, note);
  return reply.code(201).header('location', `/notes/${note.id}`).send(note);
});

app.get('/notes', (_request, reply) => reply.send([...notes.values()]));

app.get<{ Params: { id: string } }>('/notes/:id', async (request, reply) => {
  const note = notes.get(Number(request.params.id));
  return note ?? reply.code(404).send({ error: 'no such note' });
});

export default app;
export const state = () => ({ notes: [...notes.values()] });
