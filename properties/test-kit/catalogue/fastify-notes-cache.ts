import Fastify from 'fastify';
import { fastifyFunction } from './fastify-listener.js';

interface Note {
  readonly id: string;
  readonly content: string;
}

type Params = { Params: { id: string } };

/**
 * Notes on Fastify 5 with a reply cache made of two hooks, as Fastify's hooks guide sketches one: `onRequest`
 * answers a GET of a note from what `onSend` kept. A PUT drops the kept reply; the flawed DELETE forgets to,
 * so a deleted note is still answered 200. The correct form drops it on both.
 */
function notesApp(deleteInvalidates: boolean) {
  const notes = new Map<string, Note>();
  const kept = new Map<string, string>();
  let lastId = 0;
  const app = Fastify();

  app.addHook('onRequest', async (request, reply) => {
    const hit = request.method === 'GET' ? kept.get(request.url) : undefined;
    if (hit !== undefined) return reply.type('application/json').send(hit);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' && reply.statusCode === 200 && /^\/notes\/[^/]+$/.test(request.url) && typeof payload === 'string') kept.set(request.url, payload);
    return payload;
  });

  app.get('/notes', (_request, reply) => reply.send([...notes.values()]));
  app.post<{ Body: { content?: unknown } | undefined }>('/notes', async (request, reply) => {
    const { content } = request.body ?? {};
    if (typeof content !== 'string') return reply.code(400).send({ error: 'a note has a content' });
    do lastId += 1;
    while (notes.has(String(lastId)));
    const note = { id: String(lastId), content };
    notes.set(note.id, note);
    return reply.code(201).header('location', `/notes/${note.id}`).send(note);
  });
  app.get<Params>('/notes/:id', async (request, reply) => notes.get(request.params.id) ?? reply.code(404).send({ error: 'no such note' }));
  app.put<Params & { Body: { content?: unknown } | undefined }>('/notes/:id', async (request, reply) => {
    const { content } = request.body ?? {};
    if (typeof content !== 'string') return reply.code(400).send({ error: 'a note has a content' });
    const note = { id: request.params.id, content };
    const existed = notes.has(note.id);
    notes.set(note.id, note);
    kept.delete(request.url);
    return reply.code(existed ? 200 : 201).send(note);
  });
  app.delete<Params>('/notes/:id', async (request, reply) => {
    const existed = notes.delete(request.params.id);
    if (deleteInvalidates) kept.delete(request.url);
    return reply.code(existed ? 204 : 404).send();
  });
  return app;
}

export const flawed = () => fastifyFunction(notesApp(false));
export const correct = () => fastifyFunction(notesApp(true));
