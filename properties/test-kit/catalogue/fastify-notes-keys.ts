import Fastify from 'fastify';
import { fastifyFunction } from './fastify-listener.js';

interface Note {
  readonly id: string;
  readonly content: string;
}

/**
 * Notes on Fastify 5 whose `POST /notes` honours `Idempotency-Key`: a key already answered gets its first
 * answer again. The flawed route looks the key up as `request.headers['Idempotency-Key']`, as the header is
 * spelled, but Node lower-cases every header name it parses: the key is never found, and every re-send makes
 * another note. The correct route reads `request.headers['idempotency-key']`.
 */
function notesApp(headerName: string) {
  const notes = new Map<string, Note>();
  const answered = new Map<string, Note>();
  const app = Fastify();

  app.get('/notes', (_request, reply) => reply.send([...notes.values()]));
  app.get<{ Params: { id: string } }>('/notes/:id', async (request, reply) => notes.get(request.params.id) ?? reply.code(404).send({ error: 'no such note' }));
  app.post<{ Body: { content?: unknown } | undefined }>('/notes', async (request, reply) => {
    const { content } = request.body ?? {};
    if (typeof content !== 'string') return reply.code(400).send({ error: 'a note has a content' });
    const key = request.headers[headerName];
    const earlier = typeof key === 'string' ? answered.get(key) : undefined;
    const note = earlier ?? { id: String(notes.size + 1), content };
    notes.set(note.id, note);
    if (typeof key === 'string') answered.set(key, note);
    return reply.code(201).header('location', `/notes/${note.id}`).send(note);
  });
  return app;
}

export const flawed = () => fastifyFunction(notesApp('Idempotency-Key'));
export const correct = () => fastifyFunction(notesApp('idempotency-key'));
