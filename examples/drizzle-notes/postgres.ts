import { drizzle } from 'drizzle-orm/node-postgres';
import type { Hono } from 'hono';
import pg from 'pg';
import { type Database, notesApp, restartOn } from './app.js';
import { createTables } from './schema.js';

/**
 * The Postgres server, as a deployment reads it: `DATABASE_URL`, e.g. postgres://postgres@127.0.0.1:5432/postgres.
 * Its database is where the template is made from; each run's database is a copy of the template.
 */
const serverUrl = process.env.DATABASE_URL;
if (serverUrl === undefined || serverUrl === '') throw new Error('DATABASE_URL is not set: the Postgres server the notes app runs on, e.g. postgres://postgres@127.0.0.1:5432/postgres');

/** The server's database named in the URL: where databases are made and dropped from. */
const adminDatabase = new URL(serverUrl).pathname.slice(1) || 'postgres';
const template = 'notes_template';
// One database per process at a time, so that fresh processes of one check (--check-determinism) do not meet.
const runDatabase = `notes_run_${process.pid}`;
const urlOf = (database: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
};

/** One connection for `work`, closed after it: what a serverless function does, and what the virtual world can wait for. */
async function connected<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// The template, made once per server, holds the tables: copying it (CREATE DATABASE … TEMPLATE) gives each
// run a new database at the cost of one copy. The advisory lock keeps two processes from making it at once.
await connected(adminDatabase, async (admin) => {
  await admin.query('select pg_advisory_lock(7041)');
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${template}`);
      await connected(template, (client) => client.query(createTables));
    }
  } finally {
    await admin.query('select pg_advisory_unlock(7041)');
  }
});

/** Every request opens a connection to this run's database, and closes it once its answer is ready. */
const database: Database = { use: (work) => connected(runDatabase, (client) => work(drizzle({ client }))) };

/** A new database for this run, copied from the template: what the last run wrote is gone. */
async function freshDatabase(): Promise<void> {
  await connected(adminDatabase, async (admin) => {
    await admin.query(`drop database if exists ${runDatabase} with (force)`);
    await admin.query(`create database ${runDatabase} template ${template}`);
  });
}

/** The correct form, on a real Postgres server: a new database, and the keys kept in it with the notes. */
export default async function createApp(): Promise<Hono> {
  await freshDatabase();
  return notesApp(database);
}

/** The flawed form: the keys kept in the process's memory, which a crash loses while the notes stay. */
export async function forgetful(): Promise<Hono> {
  await freshDatabase();
  return notesApp(database, { keysKept: 'memory' });
}

/** A new process after a crash, on the database the crashed one used. */
export const restart = restartOn;
