import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Hono } from 'hono';
import { type Database, notesApp, restartOn } from './app.js';
import { createTables, emptyTables } from './schema.js';

// One Postgres per process, in WebAssembly and in memory, started when apisim imports this module (outside any
// run): starting it takes seconds, and a run takes milliseconds. Each run's factory empties it, so every seed
// starts on a new database, as it would on a template copy of a real one.
const client = await PGlite.create();
await client.exec(createTables);
const db = drizzle({ client });
const database: Database = { use: (work) => work(db) };

/** The correct form: a fresh, empty database, and the keys kept in it with the notes. */
export default async function createApp(): Promise<Hono> {
  await client.exec(emptyTables);
  return notesApp(database);
}

/** The flawed form: the keys kept in the process's memory, which a crash loses while the notes stay. */
export async function forgetful(): Promise<Hono> {
  await client.exec(emptyTables);
  return notesApp(database, { keysKept: 'memory' });
}

/** A new process after a crash, on the database the crashed one used. */
export const restart = restartOn;
