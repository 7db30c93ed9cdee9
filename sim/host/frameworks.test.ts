import express from 'express';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseScenario, type ScenarioInput } from '../scenario/spec.js';
import { renderSummary } from '../../api/cli/render/timeline.js';
import type { TraceEvent } from '../trace-event.js';
import { fetchOrigin } from './adapters/fetch-origin.js';
import { listenerOrigin } from './adapters/listener-origin.js';
import { runGuestScenario } from './run-guest-scenario.js';
import { virtualEpochMs } from './world/epoch.js';

/**
 * The adapters and the world together, with apps written the way their frameworks' users write them: a
 * notes service that waits 15 ms on a timer before it answers and stamps its notes with `Date.now()`.
 */
function honoNotes() {
  const notes = new Map<string, { content: string; at: number }>();
  const app = new Hono();
  app.put('/notes/:id', async (c) => {
    const { content } = await c.req.json<{ content: string }>();
    await new Promise((resolve) => setTimeout(resolve, 15));
    notes.set(c.req.param('id'), { content, at: Date.now() });
    return c.json(notes.get(c.req.param('id')));
  });
  app.get('/notes/:id', (c) => {
    const note = notes.get(c.req.param('id'));
    return note === undefined ? c.json({ error: 'not found' }, 404) : c.json({ ...note, id: crypto.randomUUID() });
  });
  return { app, notes };
}

function expressNotes() {
  const notes = new Map<string, { content: string; at: number }>();
  const app = express();
  app.use(express.json());
  app.put('/notes/:id', (req, res) => {
    setTimeout(() => {
      notes.set(req.params.id, { content: (req.body as { content: string }).content, at: Date.now() });
      res.json(notes.get(req.params.id));
    }, 15);
  });
  app.get('/notes/:id', (req, res) => {
    const note = notes.get(req.params.id);
    if (note === undefined) res.status(404).json({ error: 'not found' });
    else res.json({ ...note, id: crypto.randomUUID() });
  });
  return { app, notes };
}

const putThenGet: ScenarioInput = {
  steps: [
    { method: 'PUT', path: '/notes/1', body: { content: 'buy milk' } },
    { method: 'GET', path: '/notes/1' },
  ],
};

const processAt = (events: readonly TraceEvent[]): number[] => events.filter((e) => e.kind === 'process').map((e) => e.atUs);

describe.each([
  ['Hono through fetchOrigin', () => { const { app, notes } = honoNotes(); return { origin: fetchOrigin(app), notes }; }],
  ['Express 5 through listenerOrigin', () => { const { app, notes } = expressNotes(); return { origin: listenerOrigin(app), notes }; }],
])('%s in the virtual world', { timeout: 20_000 }, (_name, make) => {
  const run = (seed: number) => {
    let made: ReturnType<typeof make> | undefined;
    return runGuestScenario('notes', parseScenario(putThenGet), {
      seed,
      app: () => {
        made = make();
        return made.origin;
      },
      state: () => Object.fromEntries(made!.notes),
    });
  };

  it('reads the body, waits 15 ms of virtual time on its timer, and stamps the virtual date', async () => {
    const result = await run(1);
    expect(result.exchanges.map((x) => x.response?.status)).toEqual([200, 200]);
    // PUT: 60 ms on the WAN (+ 4 µs a byte of its body), 15 ms at the origin, 15 ms on the app's own timer.
    const putBytes = result.exchanges[0]!.request.bodyBytes;
    const [putAt, getAt] = processAt(result.trace.events);
    // Date.now() is whole milliseconds of the virtual clock.
    expect(putAt).toBe(60_000 + putBytes * 4 + 15_000 + 15_000);
    expect(JSON.parse(result.exchanges[0]!.response!.body!)).toEqual({ content: 'buy milk', at: virtualEpochMs + Math.floor(putAt! / 1000) });
    expect(getAt).toBeGreaterThan(putAt!);
    expect(result.guestState).toEqual({ 1: { content: 'buy milk', at: virtualEpochMs + Math.floor(putAt! / 1000) } });
  });

  it('replays a seed exactly, and draws other random values for another seed', async () => {
    const [first, again, other] = [await run(3), await run(3), await run(4)];
    expect(again.traceHash).toBe(first.traceHash);
    const idOf = (r: typeof first) => (JSON.parse(r.exchanges[1]!.response!.body!) as { id: string }).id;
    expect(idOf(again)).toBe(idOf(first));
    expect(idOf(other)).not.toBe(idOf(first));
  });
});

describe('the summary of a guest run', () => {
  it('claims nothing about a key the app may have ignored: its state says', async () => {
    const app = new Hono();
    let made = 0;
    app.post('/notes', (c) => c.json({ id: ++made }, 201));
    const spec = parseScenario({ modes: { line: 'unstable', client: { policy: 'keyed' } }, steps: [{ method: 'POST', path: '/notes', body: { content: 'x' } }] });
    const result = await runGuestScenario('keyed', spec, { seed: 1, app: () => fetchOrigin(app), state: () => ({ made }) });
    const text = renderSummary(result, 'replay');
    expect(result.guestState).toEqual({ made: 2 });
    expect(text).toContain('the answer is not marked as a replay (idempotent-replayed), so whether the app took effect once or once per copy is for its state to say.');
    expect(text).not.toContain('so this one ran, once');
  });
});
