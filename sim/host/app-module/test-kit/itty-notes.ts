import { AutoRouter, json } from 'itty-router';

/**
 * An itty-router app as its docs write one for any fetch runtime: an AutoRouter, built by a factory and
 * exported as one (`export default router`, here `createRouter()`).
 */
export function createRouter() {
  const notes: { id: number; content: string }[] = [];
  return AutoRouter()
    .post('/notes', async (request) => {
      const { content } = (await request.json()) as { content: string };
      const note = { id: notes.length + 1, content };
      notes.push(note);
      return json(note, { status: 201 });
    })
    .get('/notes', () => notes)
    .get('/notes/:id', ({ params }) => notes.find((n) => n.id === Number(params.id)) ?? json({ error: 'no such note' }, { status: 404 }));
}

export default createRouter();
