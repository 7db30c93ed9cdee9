import { Buffer } from 'node:buffer';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { type HttpRequest, type HttpResponse, request, response } from '../../../src/http/message.js';
import { listenerOrigin } from './listener-origin.js';
import { setCookieList } from '../../../src/http/set-cookie-list.js';

/** A notes app written the way Express 5's users write one. */
function expressNotes(): express.Express {
  const app = express();
  app.use(express.json());
  const notes = new Map<string, string>();
  app.put('/notes/:id', (req, res) => {
    const { content } = req.body as { content: string };
    const status = notes.has(req.params.id) ? 200 : 201;
    notes.set(req.params.id, content);
    res.status(status).json({ id: req.params.id, content });
  });
  app.get('/notes/:id', (req, res) => {
    const content = notes.get(req.params.id);
    if (content === undefined) res.status(404).json({ error: 'no such note' });
    else res.json({ id: req.params.id, content });
  });
  app.post('/echo', (req, res) => {
    res.json({ url: req.originalUrl, query: req.query, host: req.get('host'), protocol: req.protocol, trace: req.get('x-trace'), body: req.body as unknown });
  });
  app.post('/login', (_req, res) => {
    res.cookie('sid', 's-1', { httpOnly: true, sameSite: 'lax' });
    res.cookie('theme', 'dark', { expires: new Date(Date.UTC(2026, 0, 1, 7, 28)) });
    res.sendStatus(204);
  });
  app.get('/old-notes/:id', (req, res) => {
    res.redirect(`/notes/${req.params.id}`);
  });
  app.get('/latin1', (_req, res) => {
    res.type('text/plain; charset=iso-8859-1').send(Buffer.from('café', 'latin1'));
  });
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.get('/later-boom', async () => {
    await Promise.resolve();
    throw new Error('later boom');
  });
  // Express knows an error handler by its four parameters, so the unused `next` must stay.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ error: error.message });
  });
  return app;
}

const json = { 'content-type': 'application/json' };
/** What Express adds to every JSON answer: its banner, the charset, the length and a weak ETag of the body. */
const expressJson = (body: string, etag: string): HttpResponse['headers'] => ({
  'x-powered-by': 'Express', 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), etag,
});

async function answer(origin: { handle: (req: HttpRequest) => unknown }, req: HttpRequest): Promise<HttpResponse> {
  return (await origin.handle(req)) as HttpResponse;
}

describe('listenerOrigin with an Express 5 app', () => {
  it("serves a PUT then a GET, its bytes counted as response() counts apisim's own", async () => {
    const origin = listenerOrigin(expressNotes());
    const body = '{"id":"7","content":"café ☕"}';
    const put = await answer(origin, request('PUT', '/notes/7', json, '{"content":"café ☕"}'));
    expect(put).toEqual(response(201, expressJson(body, 'W/"20-O2UGSgheEsu9RQvAwRu+Xy4rVAA"'), body));
    expect(put.bodyBytes).toBe(32);
    expect((await answer(origin, request('GET', '/notes/7'))).body).toBe(body);
    expect((await answer(origin, request('GET', '/notes/8'))).status).toBe(404);
  });

  it('hands the app the parsed body, its header fields, the query, and host origin.test over http', async () => {
    const res = await answer(listenerOrigin(expressNotes()), request('POST', '/echo?q=a%20b&tag=x&tag=y', { ...json, 'x-trace': 't-1' }, '{"n":[1,2]}'));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({
      url: '/echo?q=a%20b&tag=x&tag=y', query: { q: 'a b', tag: ['x', 'y'] }, host: 'origin.test', protocol: 'http', trace: 't-1', body: { n: [1, 2] },
    });
  });

  it('carries each of several res.cookie fields whole', async () => {
    const res = await answer(listenerOrigin(expressNotes()), request('POST', '/login'));
    expect(res.status).toBe(204);
    expect(setCookieList(res.headers)).toEqual(['sid=s-1; Path=/; HttpOnly; SameSite=Lax', 'theme=dark; Path=/; Expires=Thu, 01 Jan 2026 07:28:00 GMT']);
    expect(res.body).toBeUndefined();
  });

  it('answers HEAD with the GET header fields and no body', async () => {
    const origin = listenerOrigin(expressNotes());
    await origin.handle(request('PUT', '/notes/1', json, '{"content":"x"}'));
    const body = '{"id":"1","content":"x"}';
    expect(await answer(origin, request('HEAD', '/notes/1'))).toEqual({ status: 200, headers: expressJson(body, 'W/"18-I4k8ejMCnWI61n+1kTkaQ1aFCic"'), body: undefined, bodyBytes: 0 });
  });

  it('returns res.redirect as it is, never following it', async () => {
    expect(await answer(listenerOrigin(expressNotes()), request('GET', '/old-notes/3'))).toEqual(
      response(302, { 'x-powered-by': 'Express', location: '/notes/3', vary: 'Accept', 'content-type': 'text/plain; charset=utf-8', 'content-length': '30' }, 'Found. Redirecting to /notes/3'),
    );
  });

  it('counts a Latin-1 body in the bytes Express sent', async () => {
    const res = await answer(listenerOrigin(expressNotes()), request('GET', '/latin1'));
    expect(res.headers['content-length']).toBe('4');
    expect(res.bodyBytes).toBe(4);
    expect(res.body).toBe('caf\uFFFD');
  });

  it("passes on the answer of the app's own error handler, for a throw and for a rejection", async () => {
    const origin = listenerOrigin(expressNotes());
    expect((await answer(origin, request('GET', '/boom'))).body).toBe('{"error":"boom"}');
    expect((await answer(origin, request('GET', '/later-boom'))).body).toBe('{"error":"later boom"}');
  });

  it("leaves Express's shared prototypes alone: another Express app still serves a real socket", async () => {
    await listenerOrigin(expressNotes()).handle(request('GET', '/notes/1'));
    const other = express();
    other.get('/', (_req, res) => {
      res.send('over a socket');
    });
    const server = createServer(other).listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect([res.status, await res.text()]).toEqual([200, 'over a socket']);
    } finally {
      server.close();
    }
  });
});

describe('listenerOrigin with a plain node:http listener', () => {
  const problem500 = (detail: string): HttpResponse =>
    response(500, { 'content-type': 'application/problem+json' }, JSON.stringify({ type: '/problems/app-failed', title: 'Internal Server Error', status: 500, detail }));

  it('streams the request body in, and reads res.write chunks and several set-cookie fields out', async () => {
    const origin = listenerOrigin((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Expires=Thu, 01 Jan 2026 07:28:00 GMT']);
        res.writeHead(201, { 'content-type': 'text/plain', 'x-length': chunks.reduce((n, c) => n + c.length, 0) });
        res.write(`${req.method} ${req.url} `);
        res.write(req.headers['x-trace'] ?? '-');
        res.end(` ${Buffer.concat(chunks).toString('utf8')}`);
      });
    });
    expect(await answer(origin, request('POST', '/things?x=1', { 'x-trace': 't-2' }, 'über'))).toEqual(
      response(201, { 'set-cookie': 'a=1; Path=/\nb=2; Expires=Thu, 01 Jan 2026 07:28:00 GMT', 'content-type': 'text/plain', 'x-length': '5' }, 'POST /things?x=1 t-2 über'),
    );
  });

  it("leaves out Node's automatic date, connection and transfer-encoding, and keeps a date the app sets", async () => {
    const chunked = listenerOrigin((_req, res) => {
      res.write('a');
      res.end('b');
    });
    expect(await answer(chunked, request('GET', '/'))).toEqual(response(200, {}, 'ab'));
    const dated = listenerOrigin((_req, res) => {
      res.setHeader('date', 'Thu, 01 Jan 2026 00:00:00 GMT');
      res.end();
    });
    expect(await answer(dated, request('GET', '/'))).toEqual(response(200, { date: 'Thu, 01 Jan 2026 00:00:00 GMT' }));
  });

  it('counts an empty body as no body, and drops one written to a HEAD', async () => {
    const origin = listenerOrigin((_req, res) => {
      res.setHeader('content-length', '5');
      res.end('hello');
    });
    expect(await answer(origin, request('HEAD', '/'))).toEqual({ status: 200, headers: { 'content-length': '5' }, body: undefined, bodyBytes: 0 });
    expect(await answer(listenerOrigin((_req, res) => res.end('')), request('GET', '/'))).toEqual({ status: 200, headers: {}, body: undefined, bodyBytes: 0 });
  });

  it('counts bytes that are not UTF-8 as the app wrote them', async () => {
    const origin = listenerOrigin((_req, res) => res.end(Uint8Array.of(0xff, 0xfe, 0x41, 0x00)));
    const res = await answer(origin, request('GET', '/'));
    expect(res.bodyBytes).toBe(4);
    expect(res.body).toBe('\uFFFD\uFFFDA\u0000');
  });

  it('answers 500 with problem details, and tells onError, when the listener throws, rejects, or destroys its response', async () => {
    const errors: unknown[] = [];
    const onError = (error: unknown, req: HttpRequest): void => {
      errors.push([req.path, error instanceof Error ? error.message : error]);
    };
    const threw = listenerOrigin(() => {
      throw new Error('sync');
    }, { onError });
    const rejected = listenerOrigin(async () => {
      await Promise.resolve();
      throw new Error('async');
    }, { onError });
    const destroyed = listenerOrigin((_req, res) => res.destroy(), { onError });
    const failed = problem500('The app threw or rejected instead of answering.');
    expect(await answer(threw, request('GET', '/a'))).toEqual(failed);
    expect(await answer(rejected, request('GET', '/b'))).toEqual(failed);
    expect(await answer(destroyed, request('GET', '/c'))).toEqual(problem500('The app closed the response before ending it.'));
    expect(errors).toEqual([['/a', 'sync'], ['/b', 'async'], ['/c', 'the app destroyed its response before ending it']]);
  });

  it('keeps the answer of a listener that rejects after ending its response, and reports the rejection', async () => {
    const errors: unknown[] = [];
    const origin = listenerOrigin(async (_req, res) => {
      res.end('done');
      await Promise.resolve();
      throw new Error('after the end');
    }, { onError: (error) => errors.push((error as Error).message) });
    expect(await answer(origin, request('GET', '/'))).toEqual(response(200, {}, 'done'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual(['after the end']);
  });
});
