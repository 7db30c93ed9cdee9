import Database from 'better-sqlite3';
import type { Hono } from 'hono';
import { createTables, notesApp, restartOn } from './app.js';

/** A new database in memory: cheap enough to open one for every run. */
function open(): Database.Database {
  const db = new Database(':memory:');
  db.exec(createTables);
  return db;
}

/** The correct form, on better-sqlite3: the keys kept in the database with the notes. */
export default function createApp(): Hono {
  return notesApp(open());
}

/** The flawed form: the keys kept in the process's memory, which a crash loses while the notes stay. */
export const forgetful = (): Hono => notesApp(open(), { keysKept: 'memory' });

/** A new process after a crash, on the database the crashed one used. */
export const restart = restartOn;

export { state } from './app.js';
