import express, { type Express, type Request } from 'express';

/**
 * Notes as many Express apps have them: `POST /notes` and `GET /notes/:id`, and no way to list them (no
 * `GET /notes`), no `state` export. What a POST made cannot be counted from outside, so a principle that
 * counts effects could not run here: it must say so, not pass (the key ignored) or fail (the key honoured).
 */
function notesApp(honoursKeys: boolean): Express {
  const notes = new Map<string, { readonly id: string; readonly content: string }>();
  const byKey = new Map<string, string>();
  const app = express();
  app.use(express.json());
  app.post('/notes', (req, res) => {
    const key = req.get('idempotency-key');
    const replayed = honoursKeys && key !== undefined ? byKey.get(key) : undefined;
    if (replayed !== undefined) {
      res.status(201).location(`/notes/${replayed}`).json(notes.get(replayed));
      return;
    }
    const { content } = (req.body ?? {}) as { content?: unknown };
    if (typeof content !== 'string') {
      res.status(400).json({ error: 'a note has a content' });
      return;
    }
    const note = { id: String(notes.size + 1), content };
    notes.set(note.id, note);
    if (honoursKeys && key !== undefined) byKey.set(key, note.id);
    res.status(201).location(`/notes/${note.id}`).json(note);
  });
  app.get('/notes/:id', (req: Request<{ id: string }>, res) => {
    const note = notes.get(req.params.id);
    if (note === undefined) res.status(404).json({ error: 'no such note' });
    else res.json(note);
  });
  return app;
}

export const keyed = (): Express => notesApp(true);
export const unkeyed = (): Express => notesApp(false);
