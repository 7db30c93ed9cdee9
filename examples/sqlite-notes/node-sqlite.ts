import { createRequire } from 'node:module';
import type { Hono } from 'hono';
import { createTables, notesApp, restartOn, type SqliteDatabase } from './app.js';

/**
 * `node:sqlite`'s `DatabaseSync`, when this Node has it: from 22.5 behind `--experimental-sqlite`, without the
 * flag from 22.13 and 23.4. Looked up when a database is opened, so that the module loads on any Node and the
 * error says what is missing.
 */
function open(): SqliteDatabase {
  let sqlite: { DatabaseSync: new (path: string) => SqliteDatabase };
  try {
    sqlite = createRequire(import.meta.url)('node:sqlite') as typeof sqlite;
  } catch {
    throw new Error(`node:sqlite is not in Node ${process.version}: it needs Node 22.13 or newer (22.5 with --experimental-sqlite)`);
  }
  const db = new sqlite.DatabaseSync(':memory:');
  db.exec(createTables);
  return db;
}

/** The correct form, on `node:sqlite`: the keys kept in the database with the notes. */
export default function createApp(): Hono {
  return notesApp(open());
}

/** The flawed form: the keys kept in the process's memory, which a crash loses while the notes stay. */
export const forgetful = (): Hono => notesApp(open(), { keysKept: 'memory' });

/** A new process after a crash, on the database the crashed one used. */
export const restart = restartOn;

export { state } from './app.js';
