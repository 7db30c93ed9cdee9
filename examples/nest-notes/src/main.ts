import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { AppModule, type NotesOptions } from './app.module.js';
import { type Note, NotesService } from './notes.service.js';

/**
 * The application as Nest's main.ts makes it, without the `listen`: apisim takes the application, calls
 * `init()` and drives the Express app its HTTP adapter holds. The adapter is named, as Nest's docs do to
 * choose a platform: without it Nest imports its Express platform on the first run, work the run waits
 * for in real time within its bound (5 s), which a loaded machine can outlast. Nest's logger is off, as in
 * its testing recipe, and so is `abortOnError`, which ends the process on a failure at start, unlogged.
 */
export default function createApp(options: NotesOptions = { ownerCheck: true }): Promise<INestApplication> {
  // An options object, as Nest's docs pass it; the rule would have an instance of its options class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return NestFactory.create(AppModule.forRoot(options), new ExpressAdapter(), { logger: false, abortOnError: false });
}

/** The classic flaw: `GET /notes/:id` checks that the caller signed in, not that the note is theirs. */
export const flawed = (): Promise<INestApplication> => createApp({ ownerCheck: false });

/** The notes the app holds: what a run reports as its final state. */
export function state(app: INestApplication): { readonly notes: readonly Note[] } {
  return { notes: app.get(NotesService).all() };
}
