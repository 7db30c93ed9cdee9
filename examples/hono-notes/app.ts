import { Hono } from 'hono';

/** A note as the API shows it. `createdAt` is when the request that made it was handled. */
export interface Note {
  readonly id: string;
  readonly content: string;
  readonly createdAt: string;
}

export interface NotesOptions {
  /**
   * Honour `Idempotency-Key` on `POST /notes` (the IETF draft, draft-ietf-httpapi-idempotency-key-header):
   * a re-sent POST with a key already seen gets the first answer again instead of making a second note.
   */
  readonly idempotencyKeys: boolean;
  /**
   * Where the keys already answered are kept: in the store, with the notes (`"store"`), or in the process's
   * memory (`"memory"`), which a restart loses while the notes it made stay.
   */
  readonly keysKept?: 'store' | 'memory';
}

/**
 * What outlives the app: the notes, the id sequence, and the answered keys. It stands in for the database a
 * real service keeps them in; a new process (`restart`) opens the same one.
 */
export interface NotesStore {
  /** By id, in the order made: a PUT that replaces a note keeps its place in the list. */
  readonly notes: Map<string, Note>;
  /** The note each key made: its answer is replayed to the same key. */
  readonly answered: Map<string, Note>;
  lastId: number;
}

export const createStore = (): NotesStore => ({ notes: new Map(), answered: new Map(), lastId: 0 });

/** Each app's store and the options it was made with, so that `restart` makes the same app again on it. */
const made = new WeakMap<Hono, { readonly store: NotesStore; readonly options: NotesOptions }>();

/** A notes service on Hono. The default is the correct form; `flawed` below ignores `Idempotency-Key`. */
export default function createApp(options: NotesOptions = { idempotencyKeys: true }, store: NotesStore = createStore()): Hono {
  const { notes } = store;
  // Keys kept in memory are this process's alone: a restart starts with none.
  const answered = options.keysKept === 'memory' ? new Map<string, Note>() : store.answered;
  // A counter rather than the list's length: after a DELETE the length would hand out an id still in use.
  // Ids a PUT chose are skipped for the same reason.
  const freshId = (): string => {
    do store.lastId += 1;
    while (notes.has(String(store.lastId)));
    return String(store.lastId);
  };
  const app = new Hono();

  app.get('/notes', (c) => c.json([...notes.values()]));

  app.get('/notes/:id', (c) => {
    const note = notes.get(c.req.param('id'));
    return note === undefined ? c.json({ error: 'no such note' }, 404) : c.json(note);
  });

  app.post('/notes', async (c) => {
    const { content } = await c.req.json<{ content?: unknown }>();
    if (typeof content !== 'string') return c.json({ error: 'content must be a string' }, 400);

    const key = options.idempotencyKeys ? c.req.header('Idempotency-Key') : undefined;
    const earlier = key === undefined ? undefined : answered.get(key);
    // No await from here to the writes below, so two requests with one key cannot both pass this check, and
    // the note and its key are written in one step: no crash falls between them.
    if (earlier !== undefined) {
      // The draft's 422: the key was used for another request, and replaying its answer would be a lie.
      if (earlier.content !== content) return c.json({ error: 'Idempotency-Key reused with another body' }, 422);
      c.header('Location', `/notes/${earlier.id}`);
      return c.json(earlier, 201);
    }

    const note: Note = { id: freshId(), content, createdAt: new Date().toISOString() };
    notes.set(note.id, note);
    if (key !== undefined) answered.set(key, note);
    c.header('Location', `/notes/${note.id}`);
    return c.json(note, 201);
  });

  // RFC 9110 §9.3.4: PUT creates the note under the id the client names, or replaces its content.
  app.put('/notes/:id', async (c) => {
    const id = c.req.param('id');
    const { content } = await c.req.json<{ content?: unknown }>();
    if (typeof content !== 'string') return c.json({ error: 'content must be a string' }, 400);

    const existing = notes.get(id);
    if (existing !== undefined) {
      const note: Note = { ...existing, content };
      notes.set(id, note);
      return c.json(note);
    }
    const note: Note = { id, content, createdAt: new Date().toISOString() };
    notes.set(id, note);
    c.header('Location', `/notes/${id}`);
    return c.json(note, 201);
  });

  app.delete('/notes/:id', (c) => {
    if (!notes.delete(c.req.param('id'))) return c.json({ error: 'no such note' }, 404);
    return c.body(null, 204);
  });

  made.set(app, { store, options });
  return app;
}

/** The classic flaw: a POST that ignores `Idempotency-Key`, so every re-send makes another note. */
export const flawed = (): Hono => createApp({ idempotencyKeys: false });

/**
 * Honours `Idempotency-Key`, but keeps the keys in the process's memory: a crash after a note was made and
 * before its answer left loses the key, and the client's re-send makes a second note.
 */
export const forgetful = (): Hono => createApp({ idempotencyKeys: true, keysKept: 'memory' });

/** A new process after a crash: the same app, on the store the crashed one kept. */
export function restart(app: Hono): Hono {
  const old = made.get(app);
  if (old === undefined) throw new Error('restart: this app was not made by createApp');
  return createApp(old.options, old.store);
}

/** The notes the app holds: what a run reports as the app's final state. */
export function state(app: Hono): { readonly notes: readonly Note[] } {
  return { notes: [...(made.get(app)?.store.notes.values() ?? [])] };
}
