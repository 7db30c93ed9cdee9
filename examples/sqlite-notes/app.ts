import { Hono } from 'hono';

/** A note as the API shows it. `createdAt` is when the request that made it was handled. */
export interface Note {
  readonly id: string;
  readonly content: string;
  readonly createdAt: string;
}

/** A prepared statement, as both better-sqlite3 and `node:sqlite` (`StatementSync`) give one: every call runs to its end before it returns. */
export interface Statement {
  run(...params: (string | number)[]): unknown;
  get(...params: (string | number)[]): unknown;
  all(...params: (string | number)[]): unknown[];
}

/** A synchronous SQLite connection: better-sqlite3's `Database`, `node:sqlite`'s `DatabaseSync`. */
export interface SqliteDatabase {
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
}

export interface NotesOptions {
  /**
   * Where the Idempotency-Keys already answered are kept (the IETF draft, draft-ietf-httpapi-idempotency-key-header):
   * in the database, written in the transaction that makes the note (`"database"`), or in the process's memory
   * (`"memory"`), which a restart loses while the notes it made stay.
   */
  readonly keysKept: 'database' | 'memory';
}

/** The tables of a new database; `made` is the order notes were made in, which a PUT that replaces one keeps. */
export const createTables = `
  create table notes (made integer primary key, id text not null unique, content text not null, created_at text not null);
  create table idempotency_keys (key text primary key, content text not null, note text not null);
  create table note_ids (last integer not null);
  insert into note_ids values (0);
`;

interface NoteRow {
  readonly id: string;
  readonly content: string;
  readonly created_at: string;
}

const shown = (row: NoteRow): Note => ({ id: row.id, content: row.content, createdAt: row.created_at });

/** Each app's database and options, so that `restartOn` makes the same app again on the same database. */
const made = new WeakMap<Hono, { readonly db: SqliteDatabase; readonly options: NotesOptions }>();

/** The statements a notes app runs, prepared once per app. */
function statements(db: SqliteDatabase) {
  return {
    all: db.prepare('select id, content, created_at from notes order by made'),
    one: db.prepare('select id, content, created_at from notes where id = ?'),
    nextId: db.prepare('update note_ids set last = last + 1 returning last'),
    insert: db.prepare('insert into notes (id, content, created_at) values (?, ?, ?) on conflict (id) do nothing returning id, content, created_at'),
    replace: db.prepare('update notes set content = ? where id = ? returning id, content, created_at'),
    remove: db.prepare('delete from notes where id = ? returning id'),
    keyed: db.prepare('select content, note from idempotency_keys where key = ?'),
    keep: db.prepare('insert into idempotency_keys (key, content, note) values (?, ?, ?)'),
  };
}

/** Runs `work` in one transaction: a crash leaves all of its writes or none. */
function inTransaction<T>(db: SqliteDatabase, work: () => T): T {
  db.exec('begin immediate');
  try {
    const done = work();
    db.exec('commit');
    return done;
  } catch (error) {
    db.exec('rollback');
    throw error;
  }
}

/**
 * A notes service on Hono and a synchronous SQLite database. Every handler does its database work in one
 * synchronous step, so no other request runs in the middle of it. The correct form keeps its keys in the database.
 */
export function notesApp(db: SqliteDatabase, options: NotesOptions = { keysKept: 'database' }): Hono {
  const sql = statements(db);
  // Keys kept in memory are this process's alone: a restart starts with none.
  const inMemory = new Map<string, { readonly content: string; readonly note: Note }>();
  const answered = (key: string) => {
    if (options.keysKept === 'memory') return inMemory.get(key);
    const row = sql.keyed.get(key) as { content: string; note: string } | undefined;
    return row === undefined ? undefined : { content: row.content, note: JSON.parse(row.note) as Note };
  };
  // A POST takes the next id a PUT has not taken. The clock is the app's, not SQLite's datetime('now').
  const makeNote = (content: string): Note => {
    for (;;) {
      const { last } = sql.nextId.get() as { last: number };
      const row = sql.insert.get(String(last), content, new Date().toISOString()) as NoteRow | undefined;
      if (row !== undefined) return shown(row);
    }
  };
  const app = new Hono();

  app.get('/notes', (c) => c.json((sql.all.all() as NoteRow[]).map(shown)));

  app.get('/notes/:id', (c) => {
    const row = sql.one.get(c.req.param('id')) as NoteRow | undefined;
    return row === undefined ? c.json({ error: 'no such note' }, 404) : c.json(shown(row));
  });

  app.post('/notes', async (c) => {
    const { content } = await c.req.json<{ content?: unknown }>().catch(() => ({ content: undefined }));
    if (typeof content !== 'string') return c.json({ error: 'content must be a string' }, 400);
    const key = c.req.header('Idempotency-Key');
    const answer = inTransaction(db, () => {
      const earlier = key === undefined ? undefined : answered(key);
      if (earlier !== undefined) return earlier;
      const note = makeNote(content);
      if (key !== undefined && options.keysKept === 'memory') inMemory.set(key, { content, note });
      else if (key !== undefined) sql.keep.run(key, content, JSON.stringify(note));
      return { content, note };
    });
    // The draft's 422: the key was used for another request, and replaying its answer would be a lie.
    if (answer.content !== content) return c.json({ error: 'Idempotency-Key reused with another body' }, 422);
    c.header('Location', `/notes/${answer.note.id}`);
    return c.json(answer.note, 201);
  });

  // RFC 9110 §9.3.4: PUT creates the note under the id the client names, or replaces its content.
  app.put('/notes/:id', async (c) => {
    const id = c.req.param('id');
    const { content } = await c.req.json<{ content?: unknown }>().catch(() => ({ content: undefined }));
    if (typeof content !== 'string') return c.json({ error: 'content must be a string' }, 400);
    const replaced = sql.replace.get(content, id) as NoteRow | undefined;
    if (replaced !== undefined) return c.json(shown(replaced));
    const row = sql.insert.get(id, content, new Date().toISOString()) as NoteRow;
    c.header('Location', `/notes/${id}`);
    return c.json(shown(row), 201);
  });

  app.delete('/notes/:id', (c) => (sql.remove.get(c.req.param('id')) === undefined ? c.json({ error: 'no such note' }, 404) : c.body(null, 204)));

  made.set(app, { db, options });
  return app;
}

/** A new process after a crash: the same app, on the database the crashed one used. */
export function restartOn(app: Hono): Hono {
  const old = made.get(app);
  if (old === undefined) throw new Error('restart: this app was not made by notesApp');
  return notesApp(old.db, old.options);
}

/** The notes the app's database holds: what a run reports as the app's final state. */
export function state(app: Hono): { readonly notes: readonly Note[] } {
  const db = made.get(app)?.db;
  return { notes: db === undefined ? [] : (statements(db).all.all() as NoteRow[]).map(shown) };
}
