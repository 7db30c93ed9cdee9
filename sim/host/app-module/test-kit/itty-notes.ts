import { AutoRouter, json } from 'itty-router';

/** An itty-router app as its docs write one for any fetch runtime: `export default router`, an AutoRouter. */
const notes: { id: number; content: string }[] = [];
const router = AutoRouter();

router
  .post('/notes', async (request) => {
    const { content } = (await request.json()) as { content: string };
    const note = { id: notes.length + 1, content };
    notes.push(note);
    return json(note, { status: 201 });
  })
  .get('/notes', () => notes)
  .get('/notes/:id', ({ params }) => notes.find((n) => n.id === Number(params.id)) ?? json({ error: 'no such note' }, { status: 404 }));

export default router;
