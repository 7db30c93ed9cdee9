import express from 'express';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { defaultClientSettings } from '../../../src/client/settings.js';
import { type HttpResponse, request } from '../../../src/http/message.js';
import type { Exchange } from '../../exchange.js';
import { RngStreams } from '../../rng.js';
import { Simulation } from '../../simulation.js';
import { defaultTopologySettings, Topology } from '../../topology.js';
import { Trace } from '../../trace.js';
import { fetchOrigin } from './fetch-origin.js';
import type { AdaptedApp } from './adapted-app.js';
import { listenerOrigin } from './listener-origin.js';

function honoNotes(): Hono {
  const app = new Hono();
  const notes = new Map<string, string>();
  app.put('/notes/:id', async (c) => {
    const { content } = await c.req.json<{ content: string }>();
    notes.set(c.req.param('id'), content);
    return c.json({ id: c.req.param('id'), content }, 201);
  });
  app.get('/notes/:id', (c) => c.json({ id: c.req.param('id'), content: notes.get(c.req.param('id')) ?? null }));
  return app;
}

function expressNotes(): express.Express {
  const app = express();
  app.use(express.json());
  const notes = new Map<string, string>();
  app.put('/notes/:id', (req, res) => {
    const { content } = req.body as { content: string };
    notes.set(req.params.id, content);
    res.status(201).json({ id: req.params.id, content });
  });
  app.get('/notes/:id', (req, res) => {
    res.json({ id: req.params.id, content: notes.get(req.params.id) ?? null });
  });
  return app;
}

/** Spec §8.5: 60 ms each way, 4 µs per byte on the WAN, 15 ms at the origin; the LAN costs nothing. */
const latencyUs = (requestBytes: number, responseBytes: number): number => 60_000 + requestBytes * 4 + 15_000 + 60_000 + responseBytes * 4;

/** One client PUTs a note, then GETs it, through client, WAN, cache, LAN and `origin`. */
async function putThenGet(origin: AdaptedApp): Promise<{ readonly exchanges: readonly Exchange[]; readonly trace: Trace; readonly topology: Topology }> {
  const sim = new Simulation();
  const trace = new Trace('full');
  const topology = new Topology({ sim, trace, streams: new RngStreams(1), origin, settings: defaultTopologySettings, clientSettings: defaultClientSettings });
  const client = topology.client('client-1');
  client.start(request('PUT', '/notes/1', { 'content-type': 'application/json' }, '{"content":"café"}'), () => {
    client.start(request('GET', '/notes/1'));
  });
  await sim.run();
  return { exchanges: client.exchanges, trace, topology };
}

const note = '{"id":"1","content":"café"}';

describe.each([
  ['a Hono app through fetchOrigin', () => fetchOrigin(honoNotes()), 'application/json'],
  ['an Express 5 app through listenerOrigin', () => listenerOrigin(expressNotes()), 'application/json; charset=utf-8'],
])('%s as the origin of a simulated topology', (_, origin, contentType) => {
  it('answers a PUT then a GET, in the time the timing model gives for their bytes', async () => {
    const { exchanges, trace, topology } = await putThenGet(origin());
    expect(topology.origin.requestsHandled).toBe(2);
    const [put, get] = exchanges;
    const answer = (x: Exchange | undefined): Pick<HttpResponse, 'status' | 'body' | 'bodyBytes'> & { type: string | undefined } => ({
      status: x!.response!.status, body: x!.response!.body, bodyBytes: x!.response!.bodyBytes, type: x!.response!.headers['content-type'],
    });
    expect(answer(put)).toEqual({ status: 201, body: note, bodyBytes: 28, type: contentType });
    expect(answer(get)).toEqual({ status: 200, body: note, bodyBytes: 28, type: contentType });
    // 19 bytes up and 28 down for the PUT: 135.188 ms; nothing up and 28 down for the GET: 135.112 ms.
    expect(put!.latencyUs).toBe(latencyUs(19, 28));
    expect(get!.latencyUs).toBe(latencyUs(0, 28));
    expect(trace.events.filter((e) => e.kind === 'process').map((e) => [e.method, e.status, e.bytes, e.atUs])).toEqual([
      ['PUT', 201, 28, 60_076 + 15_000],
      ['GET', 200, 28, latencyUs(19, 28) + 60_000 + 15_000],
    ]);
  });
});

describe('an app that fails inside a simulated topology', () => {
  it('shows up as a 500 in the trace, and the run goes on to the next request', async () => {
    const origin = fetchOrigin((req) => {
      if (req.method === 'PUT') throw new Error('the app is broken');
      return new Response('still here');
    });
    const { exchanges, trace } = await putThenGet(origin);
    expect(exchanges.map((x) => [x.response?.status, x.outcome])).toEqual([[500, 'response'], [200, 'response']]);
    expect(exchanges[0]!.response!.headers['content-type']).toBe('application/problem+json');
    expect(exchanges[1]!.response!.body).toBe('still here');
    expect(trace.events.filter((e) => e.kind === 'process').map((e) => [e.method, e.status])).toEqual([['PUT', 500], ['GET', 200]]);
  });
});
