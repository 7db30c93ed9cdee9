import { Buffer } from 'node:buffer';
import { createSchema, createYoga } from 'graphql-yoga';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { streamText } from 'hono/streaming';
import { describe, expect, it, vi } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../../src/http/message.js';
import { request, response } from '../../../src/http/message.js';
import { fetchOrigin } from './fetch-origin.js';
import { setCookieList } from '../../../src/http/set-cookie-list.js';

/** A notes app written the way Hono's users write one. */
function honoNotes(): Hono {
  const app = new Hono();
  const notes = new Map<string, string>();
  app.get('/notes/:id', (c) => {
    const content = notes.get(c.req.param('id'));
    return content === undefined ? c.json({ error: 'no such note' }, 404) : c.json({ id: c.req.param('id'), content });
  });
  app.put('/notes/:id', async (c) => {
    const { content } = await c.req.json<{ content: string }>();
    const status = notes.has(c.req.param('id')) ? 200 : 201;
    notes.set(c.req.param('id'), content);
    return c.json({ id: c.req.param('id'), content }, status);
  });
  app.post('/echo', async (c) =>
    c.json({
      url: c.req.url, q: c.req.query('q'), tags: c.req.queries('tag'), host: c.req.header('host'), trace: c.req.header('x-trace'),
      type: c.req.header('content-type'), body: await c.req.json<unknown>(),
    }),
  );
  app.post('/login', (c) => {
    setCookie(c, 'sid', 's-1', { path: '/', httpOnly: true, sameSite: 'Lax' });
    setCookie(c, 'theme', 'dark', { path: '/', expires: new Date(Date.UTC(2026, 0, 1, 7, 28)) });
    return c.body(null, 204);
  });
  app.get('/old-notes/:id', (c) => c.redirect(`/notes/${c.req.param('id')}`, 301));
  app.get('/stream', (c) => streamText(c, async (s) => {
    await s.write('one, ');
    await s.write('two, ');
    await s.write('three');
  }));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  return app;
}

const json = { 'content-type': 'application/json' };

async function answer(origin: { handle: (req: HttpRequest) => unknown }, req: HttpRequest): Promise<HttpResponse> {
  return (await origin.handle(req)) as HttpResponse;
}

describe('fetchOrigin with a Hono app', () => {
  it("serves a PUT then a GET, its bytes counted as response() counts apisim's own", async () => {
    const origin = fetchOrigin(honoNotes());
    const put = await answer(origin, request('PUT', '/notes/7', json, '{"content":"café ☕"}'));
    expect(put).toEqual(response(201, json, '{"id":"7","content":"café ☕"}'));
    expect(put.bodyBytes).toBe(32);
    expect(await answer(origin, request('PUT', '/notes/7', json, '{"content":"tea"}'))).toEqual(response(200, json, '{"id":"7","content":"tea"}'));
    expect(await answer(origin, request('GET', '/notes/7'))).toEqual(response(200, json, '{"id":"7","content":"tea"}'));
    expect(await answer(origin, request('GET', '/notes/8'))).toEqual(response(404, json, '{"error":"no such note"}'));
  });

  it('hands the app the request body, its header fields, the query and the URL on origin.test', async () => {
    const res = await answer(fetchOrigin(honoNotes()), request('POST', '/echo?q=a%20b&tag=x&tag=y', { ...json, 'x-trace': 't-1' }, '{"n":[1,2]}'));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({
      url: 'http://origin.test/echo?q=a%20b&tag=x&tag=y', q: 'a b', tags: ['x', 'y'], host: 'origin.test', trace: 't-1', type: 'application/json', body: { n: [1, 2] },
    });
  });

  it('carries each of several set-cookie fields whole, commas in Expires included', async () => {
    const res = await answer(fetchOrigin(honoNotes()), request('POST', '/login'));
    expect(res.status).toBe(204);
    expect(res.headers['set-cookie']).toBe('sid=s-1; Path=/; HttpOnly; SameSite=Lax\ntheme=dark; Path=/; Expires=Thu, 01 Jan 2026 07:28:00 GMT');
    expect(setCookieList(res.headers)).toEqual(['sid=s-1; Path=/; HttpOnly; SameSite=Lax', 'theme=dark; Path=/; Expires=Thu, 01 Jan 2026 07:28:00 GMT']);
    expect(res.body).toBeUndefined();
    expect(res.bodyBytes).toBe(0);
  });

  it('answers HEAD with the GET header fields and no body (Hono runs the GET route)', async () => {
    const origin = fetchOrigin(honoNotes());
    await origin.handle(request('PUT', '/notes/1', json, '{"content":"x"}'));
    expect(await answer(origin, request('HEAD', '/notes/1'))).toEqual({ status: 200, headers: json, body: undefined, bodyBytes: 0 });
  });

  it('returns a redirect as it is, never following it', async () => {
    expect(await answer(fetchOrigin(honoNotes()), request('GET', '/old-notes/3'))).toEqual({ status: 301, headers: { location: '/notes/3' }, body: undefined, bodyBytes: 0 });
  });

  it('reads a streamed body whole', async () => {
    const res = await answer(fetchOrigin(honoNotes()), request('GET', '/stream'));
    expect(res.status).toBe(200);
    expect(res.body).toBe('one, two, three');
    expect(res.bodyBytes).toBe(15);
    expect(res.headers['content-type']).toBe('text/plain; charset=UTF-8');
  });

  it("passes on Hono's own 500 for a route that throws: Hono caught it, so that is the app's answer", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await answer(fetchOrigin(honoNotes()), request('GET', '/boom'))).toEqual(response(500, { 'content-type': 'text/plain; charset=UTF-8' }, 'Internal Server Error'));
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('fetchOrigin with a bare fetch function', () => {
  const problem500 = (detail: string): HttpResponse =>
    response(500, { 'content-type': 'application/problem+json' }, JSON.stringify({ type: '/problems/app-failed', title: 'Internal Server Error', status: 500, detail }));

  it('answers synchronously when the function does and the response has no body', () => {
    const origin = fetchOrigin(() => new Response(null, { status: 204, headers: { 'x-seen': 'yes' } }));
    expect(origin.handle(request('DELETE', '/notes/1'))).toEqual({ status: 204, headers: { 'x-seen': 'yes' }, body: undefined, bodyBytes: 0 });
  });

  it('serves an object with fetch, as `export default { fetch }` modules are written', async () => {
    const app = { fetch: (req: Request) => new Response(`${req.method} ${new URL(req.url).pathname}`) };
    expect(await answer(fetchOrigin(app), request('PATCH', '/notes/2', json, '{}'))).toEqual(response(200, { 'content-type': 'text/plain;charset=UTF-8' }, 'PATCH /notes/2'));
  });

  it("carries a ponyfill's fields (GraphQL Yoga's Response) as the Fetch Standard's: lower-case, repeats combined, each set-cookie whole", () => {
    const { Response: YogaResponse } = createYoga({ schema: createSchema({ typeDefs: 'type Query { ok: Boolean }' }) }).fetchAPI;
    const fields: [string, string][] = [
      ['Content-Type', 'application/json'], ['Cache-Control', 'max-age=60'], ['Vary', 'Accept'], ['vary', 'Origin'],
      ['Set-Cookie', 'a=1; Expires=Thu, 01 Jan 2026 07:28:00 GMT'], ['Set-Cookie', 'b=2'],
    ];
    const res = fetchOrigin(() => new YogaResponse(null, { status: 204, headers: fields })).handle(request('GET', '/'));
    expect(res).toEqual({
      status: 204,
      headers: { 'content-type': 'application/json', 'cache-control': 'max-age=60', vary: 'Accept, Origin', 'set-cookie': 'a=1; Expires=Thu, 01 Jan 2026 07:28:00 GMT\nb=2' },
      body: undefined,
      bodyBytes: 0,
    });
  });

  it('counts an empty body as no body', async () => {
    expect(await answer(fetchOrigin(() => new Response('')), request('GET', '/'))).toEqual({ status: 200, headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: undefined, bodyBytes: 0 });
  });

  it('drops a body the app wrote to a HEAD, keeping its content-length', async () => {
    const app = (): Response => new Response('twelve bytes', { headers: { 'content-length': '12' } });
    expect(await answer(fetchOrigin(app), request('HEAD', '/'))).toEqual({ status: 200, headers: { 'content-length': '12', 'content-type': 'text/plain;charset=UTF-8' }, body: undefined, bodyBytes: 0 });
  });

  it('counts a body that is not UTF-8 in the bytes the app sent, and reads it as Response.text() would', async () => {
    const latin1 = Buffer.from('café crème', 'latin1');
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00);
    const app = (req: Request): Response => new Response(req.url.endsWith('png') ? png : latin1, { headers: { 'content-type': 'application/octet-stream' } });
    const text = await answer(fetchOrigin(app), request('GET', '/latin1'));
    expect(text.bodyBytes).toBe(10);
    expect(text.body).toBe('caf\uFFFD cr\uFFFDme');
    expect(Buffer.byteLength(text.body!, 'utf8')).toBe(14);
    const image = await answer(fetchOrigin(app), request('GET', '/image.png'));
    expect(image.bodyBytes).toBe(10);
    expect(image.body).toBe('\uFFFDPNG\r\n\u001a\n\uFFFD\u0000');
  });

  it('reads a ReadableStream body enqueued in chunks whole, counting every byte', async () => {
    const encoder = new TextEncoder();
    const app = (): Response =>
      new Response(new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of ['[1,', '"ü",', '3]']) controller.enqueue(encoder.encode(part));
          controller.close();
        },
      }));
    expect(await answer(fetchOrigin(app), request('GET', '/'))).toEqual(response(200, {}, '[1,"ü",3]'));
  });

  it('answers 500 with problem details, and tells onError, when the app throws, rejects or answers something else', async () => {
    const errors: unknown[] = [];
    const onError = (error: unknown, req: HttpRequest): void => {
      errors.push([req.path, error instanceof Error ? error.message : error]);
    };
    const thrown = fetchOrigin(() => {
      throw new Error('sync');
    }, { onError });
    const rejected = fetchOrigin(() => Promise.reject(new Error('async')), { onError });
    const nothing = fetchOrigin((() => undefined) as unknown as () => Response, { onError });
    const networkError = fetchOrigin(() => Response.error(), { onError });
    const brokenStream = fetchOrigin(() => new Response(new ReadableStream({ pull: (controller) => controller.error(new Error('cut')) })), { onError });
    const threw = problem500('The app threw or rejected instead of answering.');
    expect(thrown.handle(request('GET', '/a'))).toEqual(threw);
    expect(await answer(rejected, request('GET', '/b'))).toEqual(threw);
    expect(nothing.handle(request('GET', '/c'))).toEqual(problem500('The app answered with something that is not an HTTP response.'));
    expect(await answer(brokenStream, request('GET', '/d'))).toEqual(problem500('The app started a response but its body failed before it ended.'));
    expect(networkError.handle(request('GET', '/e'))).toEqual(problem500('The app answered with something that is not an HTTP response.'));
    expect(errors).toEqual([
      ['/a', 'sync'], ['/b', 'async'], ['/c', 'the app answered undefined, not a Response'], ['/d', 'cut'], ['/e', 'the app answered Response.error(), a network error'],
    ]);
  });

  it('needs no onError to turn a failure into a 500', async () => {
    expect((await answer(fetchOrigin(() => Promise.reject(new Error('x'))), request('GET', '/'))).status).toBe(500);
  });
});
