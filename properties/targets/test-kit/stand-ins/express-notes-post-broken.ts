import express, { type Express, type Request } from 'express';
import { login, requireLogin, sessions } from '../../../../examples/express-orders/app.js';

/**
 * A false failure of gate 1 seen on a real deployment: notes whose `POST /notes` does not work (its store
 * refuses new ids, 503), while GET, PUT (which creates, spec §3) and DELETE do, each behind a login. The suite
 * used to fail `auth/401-before-403` here before it probed anything, for a note it could not make.
 */
export default function createApp(): Express {
  const notes = new Map<string, { readonly id: string; readonly content: string }>();
  const app = express();
  app.use(express.json());
  app.use(sessions());
  app.post('/login', login);
  app.use('/notes', requireLogin);

  app.post('/notes', (_req, res) => {
    res.status(503).json({ error: 'the notes store takes no new ids: PUT /notes/:id' });
  });
  app.get('/notes/:id', (req: Request<{ id: string }>, res) => {
    const note = notes.get(req.params.id);
    if (note === undefined) res.status(404).json({ error: 'no such note' });
    else res.json(note);
  });
  app.put('/notes/:id', (req: Request<{ id: string }>, res) => {
    const { content } = (req.body ?? {}) as { content?: unknown };
    if (typeof content !== 'string') {
      res.status(400).json({ error: 'a note has a content' });
      return;
    }
    const note = { id: req.params.id, content };
    notes.set(note.id, note);
    res.json(note);
  });
  app.delete('/notes/:id', (req: Request<{ id: string }>, res) => {
    res.status(notes.delete(req.params.id) ? 204 : 404).end();
  });
  return app;
}
