import { Hono } from 'hono';

/**
 * A notes service written with Hono, run as the origin of `hono-notes.json`:
 *
 *   npm run sim -- --file examples/scenarios/hono-notes.json --seed 1
 *
 * The default export is a factory: apisim calls it once per run, inside the run's virtual world, so every run
 * starts from an empty store and what the app reads while it starts is virtual too. It returns a fetch app
 * (any object with `fetch`), here with the store beside it, so that `state` can report it.
 */
export default function createNotes() {
  const notes = new Map<string, { readonly content: string; readonly savedAt: string }>();
  const app = new Hono();
  app.put('/notes/:id', async (c) => {
    const { content } = await c.req.json<{ content: string }>();
    // A write that takes 20 ms: 20 ms of virtual time, then the virtual date.
    await new Promise((resolve) => setTimeout(resolve, 20));
    notes.set(c.req.param('id'), { content, savedAt: new Date().toISOString() });
    return c.json(notes.get(c.req.param('id')));
  });
  app.get('/notes/:id', (c) => {
    const note = notes.get(c.req.param('id'));
    return note === undefined ? c.json({ error: 'not found' }, 404) : c.json({ ...note, etag: crypto.randomUUID() });
  });
  return { fetch: app.fetch, notes };
}

/** What `--json` reports as the final state: called with what the factory returned for the run. */
export function state(app: ReturnType<typeof createNotes>) {
  return Object.fromEntries(app.notes);
}
