import express, { type Express, type Request } from 'express';

interface Note {
  readonly id: string;
  readonly content: string;
}

/**
 * Notes on Express 5 that keep each note's answer in memory to spare the store, keyed by its path. The
 * flawed form never drops a kept answer when the note changes: after a PUT or a DELETE, a GET answers the
 * note as it was. The correct form drops it on both.
 */
function notesApp(writesInvalidate: boolean): Express {
  const notes = new Map<string, Note>();
  const kept = new Map<string, Note>();
  // A counter, not the count of notes: after a DELETE the count would hand out an id still kept above.
  let lastId = 0;
  const app = express();
  app.use(express.json());
  const forget = (path: string) => {
    if (writesInvalidate) kept.delete(path);
  };

  app.get('/notes', (_req, res) => {
    res.json([...notes.values()]);
  });
  app.post('/notes', (req, res) => {
    const { content } = (req.body ?? {}) as { content?: unknown };
    if (typeof content !== 'string') {
      res.status(400).json({ error: 'a note has a content' });
      return;
    }
    do lastId += 1;
    while (notes.has(String(lastId)));
    const note = { id: String(lastId), content };
    notes.set(note.id, note);
    res.status(201).location(`/notes/${note.id}`).json(note);
  });
  app.get('/notes/:id', (req: Request<{ id: string }>, res) => {
    const hit = kept.get(req.path);
    if (hit !== undefined) {
      res.json(hit);
      return;
    }
    const note = notes.get(req.params.id);
    if (note === undefined) {
      res.status(404).json({ error: 'no such note' });
      return;
    }
    kept.set(req.path, note);
    res.json(note);
  });
  app.put('/notes/:id', (req: Request<{ id: string }>, res) => {
    const { content } = (req.body ?? {}) as { content?: unknown };
    if (typeof content !== 'string') {
      res.status(400).json({ error: 'a note has a content' });
      return;
    }
    const note = { id: req.params.id, content };
    const existed = notes.has(note.id);
    notes.set(note.id, note);
    forget(req.path);
    res.status(existed ? 200 : 201).json(note);
  });
  app.delete('/notes/:id', (req: Request<{ id: string }>, res) => {
    const existed = notes.delete(req.params.id);
    forget(req.path);
    res.status(existed ? 204 : 404).end();
  });
  return app;
}

export const flawed = (): Express => notesApp(false);
export const correct = (): Express => notesApp(true);
