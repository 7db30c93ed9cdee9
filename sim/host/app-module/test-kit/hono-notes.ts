import { Hono } from 'hono';

/** A Hono app as Hono's docs end one, `export default app`: a fetch app through its `fetch`. */
const notes: { id: number; content: string }[] = [];
const app = new Hono();

app.post('/notes', async (c) => {
  const { content } = await c.req.json<{ content: string }>();
  const note = { id: notes.length + 1, content };
  notes.push(note);
  return c.json(note, 201);
});
app.get('/notes', (c) => c.json(notes));
app.get('/notes/:id', (c) => {
  const note = notes.find((n) => n.id === Number(c.req.param('id')));
  return note === undefined ? c.json({ error: 'no such note' }, 404) : c.json(note);
});

export default app;
