import { asc, eq, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { idempotencyKeys, type Note, notes } from './schema.js';

/** Drizzle on any Postgres driver: PGlite's, node-postgres's. */
export type NotesDb = Pick<PgDatabase<PgQueryResultHKT>, 'select' | 'insert' | 'update' | 'delete' | 'transaction'>;

/**
 * How the app reaches its database. PGlite hands it the one database it holds in memory; a Postgres client
 * in the style of a serverless function opens a connection for the work and closes it after.
 */
export interface Database {
  use<T>(work: (db: NotesDb) => Promise<T>): Promise<T>;
}

export interface NotesOptions {
  /**
   * Where the Idempotency-Keys already answered are kept (the IETF draft, draft-ietf-httpapi-idempotency-key-header):
   * in the database, claimed in the transaction that makes the note (`"database"`), or in the process's
   * memory (`"memory"`), which a restart loses while the notes it made stay.
   */
  readonly keysKept: 'database' | 'memory';
}

/** What a POST with a key found or made: the note, and the body the key first came with. */
interface Answer {
  readonly content: string;
  readonly note: Note | null;
}

/** Each app's database and options, so that `restartOn` makes the same app again on the same database. */
const made = new WeakMap<Hono, { readonly database: Database; readonly options: NotesOptions }>();

const shown = (row: typeof notes.$inferSelect): Note => ({ id: row.id, content: row.content, createdAt: row.createdAt.toISOString() });

/**
 * Makes a note under the next id a PUT has not taken. The clock is the app's: `new Date()` when the request is
 * handled, as the API shows it.
 */
async function makeNote(db: NotesDb, content: string): Promise<Note> {
  for (;;) {
    const [row] = await db.insert(notes).values({ content, createdAt: new Date() }).onConflictDoNothing().returning();
    if (row !== undefined) return shown(row);
  }
}

/**
 * Claims the key, makes the note and records it in one transaction: a crash leaves both or neither. A second
 * request with the same key waits on the first one's claim (the primary key) and finds its answer.
 */
function answerOnce(database: Database, key: string, content: string): Promise<Answer> {
  return database.use((db) =>
    db.transaction(async (tx) => {
      const claimed = await tx.insert(idempotencyKeys).values({ key, content }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [earlier] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
        return { content: earlier!.content, note: earlier!.note };
      }
      const note = await makeNote(tx, content);
      await tx.update(idempotencyKeys).set({ note }).where(eq(idempotencyKeys.key, key));
      return { content, note };
    }),
  );
}

/** A notes service on Hono and Drizzle, on a Postgres database. The correct form keeps its keys in the database. */
export function notesApp(database: Database, options: NotesOptions = { keysKept: 'database' }): Hono {
  // Keys kept in memory are this process's alone: a restart starts with none. The promise is kept as soon as
  // the key is seen, so a copy sent alongside the first waits for it rather than making a note of its own.
  const answered = new Map<string, Promise<Answer>>();
  const inMemory = (key: string, content: string): Promise<Answer> => {
    const earlier = answered.get(key);
    if (earlier !== undefined) return earlier;
    const answer = database.use((db) => makeNote(db, content)).then((note) => ({ content, note }));
    answered.set(key, answer);
    answer.catch(() => answered.delete(key));
    return answer;
  };
  const app = new Hono();

  app.get('/notes', async (c) => c.json((await database.use((db) => db.select().from(notes).orderBy(asc(notes.made)))).map(shown)));

  app.get('/notes/:id', async (c) => {
    const [row] = await database.use((db) => db.select().from(notes).where(eq(notes.id, c.req.param('id'))));
    return row === undefined ? c.json({ error: 'no such note' }, 404) : c.json(shown(row));
  });

  app.post('/notes', async (c) => {
    const { content } = await c.req.json<{ content?: unknown }>().catch(() => ({ content: undefined }));
    if (typeof content !== 'string') return c.json({ error: 'content must be a string' }, 400);
    const key = c.req.header('Idempotency-Key');
    let note: Note | null;
    if (key === undefined) {
      note = await database.use((db) => makeNote(db, content));
    } else {
      const answer = await (options.keysKept === 'memory' ? inMemory(key, content) : answerOnce(database, key, content));
      // The draft's 422: the key was used for another request, and replaying its answer would be a lie.
      if (answer.content !== content) return c.json({ error: 'Idempotency-Key reused with another body' }, 422);
      note = answer.note;
    }
    if (note === null) return c.json({ error: 'the request with this Idempotency-Key is still being processed' }, 409);
    c.header('Location', `/notes/${note.id}`);
    return c.json(note, 201);
  });

  // RFC 9110 §9.3.4: PUT creates the note under the id the client names, or replaces its content. One upsert,
  // so two PUTs of a missing note cannot both try to insert it; `xmax = 0` tells an inserted row from an updated one.
  app.put('/notes/:id', async (c) => {
    const id = c.req.param('id');
    const { content } = await c.req.json<{ content?: unknown }>().catch(() => ({ content: undefined }));
    if (typeof content !== 'string') return c.json({ error: 'content must be a string' }, 400);
    const [row] = await database.use((db) =>
      db.insert(notes).values({ id, content, createdAt: new Date() })
        .onConflictDoUpdate({ target: notes.id, set: { content } })
        .returning({ id: notes.id, content: notes.content, createdAt: notes.createdAt, made: notes.made, inserted: sql<boolean>`xmax = 0` }),
    );
    if (!row!.inserted) return c.json(shown(row!));
    c.header('Location', `/notes/${id}`);
    return c.json(shown(row!), 201);
  });

  app.delete('/notes/:id', async (c) => {
    const gone = await database.use((db) => db.delete(notes).where(eq(notes.id, c.req.param('id'))).returning({ id: notes.id }));
    return gone.length === 0 ? c.json({ error: 'no such note' }, 404) : c.body(null, 204);
  });

  made.set(app, { database, options });
  return app;
}

/** A new process after a crash: the same app, on the database the crashed one used. */
export function restartOn(app: Hono): Hono {
  const old = made.get(app);
  if (old === undefined) throw new Error('restart: this app was not made by notesApp');
  return notesApp(old.database, old.options);
}
