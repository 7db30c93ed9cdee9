import { sql } from 'drizzle-orm';
import { jsonb, pgSequence, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A note as the API shows it. `createdAt` is when the request that made it was handled. */
export interface Note {
  readonly id: string;
  readonly content: string;
  readonly createdAt: string;
}

/** The ids a POST hands out; a PUT names its own, which a POST then skips. */
export const noteIds = pgSequence('note_ids');

export const notes = pgTable('notes', {
  id: text('id').primaryKey().default(sql`nextval('note_ids')::text`),
  content: text('content').notNull(),
  // Written from the app's clock, not Postgres's now(): a server's clock is its own, and on a real server
  // it is not the one a test can set.
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  // The order notes were made in, which GET /notes lists them by: a PUT that replaces a note keeps its place.
  made: serial('made').notNull(),
});

/** The Idempotency-Key a POST claimed, with the body it came with and the note it made. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  content: text('content').notNull(),
  note: jsonb('note').$type<Note>(),
});

/**
 * The tables above as DDL, for a database that has none yet. Written out rather than generated (drizzle-kit
 * would, from the definitions above) so that the example needs no migration tool; a column missing here
 * fails every query Drizzle writes for its table.
 */
export const createTables = `
  create sequence note_ids;
  create table notes (
    id text primary key default nextval('note_ids')::text,
    content text not null,
    created_at timestamptz not null,
    made serial not null
  );
  create table idempotency_keys (
    key text primary key,
    content text not null,
    note jsonb
  );
`;

/** Empties every table and restarts every sequence: a new database, as a seed's run needs one. */
export const emptyTables = `
  truncate notes, idempotency_keys restart identity;
  alter sequence note_ids restart;
`;
