import express from 'express';

/**
 * A notes service written with Express, run as the origin of `express-notes.json`:
 *
 *   npm run sim -- --file examples/scenarios/express-notes.json --seed 1
 *
 * The module exports the app itself, as many Express apps do, and no `state`, so `--json` has no
 * `finalState`. An app instance is built by the module's top level, so apisim imports this module afresh
 * for every run, inside the run's virtual world; a factory (see hono-notes.ts) is the surer way, since the
 * modules an app imports are loaded once and shared by the runs. The module does not call `listen`: apisim
 * drives the app in-process, with no socket.
 */
const notes = new Map<string, string>();
const app = express();
app.use(express.json());
app.post('/notes', (req, res) => {
  const id = String(notes.size + 1);
  notes.set(id, (req.body as { content: string }).content);
  // Saved after 10 ms of virtual time.
  setTimeout(() => res.status(201).location(`/notes/${id}`).json({ id, content: notes.get(id) }), 10);
});
app.get('/notes/:id', (req, res) => {
  const content = notes.get(req.params.id);
  if (content === undefined) res.status(404).json({ error: 'not found' });
  else res.json({ id: req.params.id, content });
});

export default app;
