import { Buffer } from 'node:buffer';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse } from '../src/http/message.js';
import { maxJsonBodyBytes } from '../src/http/json-body.js';
import { defaultLoginThrottle } from '../src/rate-limit/login-throttle.js';
import { loopbackOnly } from './allowed-hosts.js';
import { startCacheProxy } from './cache-proxy.js';
import { TrustedFronts } from './forwarded-for.js';
import { httpFront } from './http-front.js';
import { listen, type RunningServer } from './listening-server.js';
import { type RunningOrigin, startOriginServer } from './origin-server.js';
import { rawExchange, type RawResponse } from './test-kit/raw-http.js';

const maxBodyBytes = 4 * maxJsonBodyBytes;
let server: RunningOrigin;

beforeAll(async () => {
  server = await startOriginServer({ port: 0, maxBodyBytes, log: () => undefined });
});
afterAll(() => server.close());

function answered(res: RawResponse | 'closed-without-response'): RawResponse {
  if (res === 'closed-without-response') throw new Error('the server closed the connection without answering');
  return res;
}

async function session(username: string): Promise<string> {
  const res = await fetch(`${server.url}/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: `${username}-pw` }) });
  return /^(sid=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

const head = (lines: readonly string[]): string => `${lines.join('\r\n')}\r\n\r\n`;

describe('the adapter between node:http and the origin', () => {
  it('answers 413 with problem details from Content-Length alone, without waiting for the body', async () => {
    // 10 MiB announced, 5 bytes sent, and the connection left open: only an answer from the header ends it.
    const res = answered(await rawExchange(server.url, [head(['PUT /notes/1 HTTP/1.1', 'Host: x', 'Content-Type: application/json', `Content-Length: ${10 * 1024 * 1024}`]), '{"con'], { closeAfterMs: 30_000 }));
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toMatchObject({ type: '/problems/body-too-large', status: 413, maxBytes: maxBodyBytes });
  });

  it('answers 413 once a chunked body passes the limit, without reading the rest', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = Array.from({ length: 5 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const res = answered(await rawExchange(server.url, [head(['POST /notes HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Transfer-Encoding: chunked']), ...chunks], { closeAfterMs: 30_000 }));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ type: '/problems/body-too-large', detail: `The body has more than ${maxBodyBytes} bytes; at most ${maxBodyBytes} are accepted.` });
  });

  it('answers 413 instead of 100 Continue when the client waits before sending a body that is too large', async () => {
    const res = answered(await rawExchange(server.url, [head(['PUT /notes/1 HTTP/1.1', 'Host: x', 'Expect: 100-continue', `Content-Length: ${maxBodyBytes + 1}`])], { closeAfterMs: 30_000 }));
    expect(res.text.startsWith('HTTP/1.1 413 ')).toBe(true);
    expect(res.text).not.toContain('100 Continue');
  });

  it('sends 100 Continue for a body within the limit, and the handler answers', async () => {
    const cookie = await session('alice');
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.url}/notes/7`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json', expect: '100-continue' } });
      req.on('continue', () => req.end('{"content":"after continue"}'));
      req.on('response', (res) => { res.resume(); resolve(res.statusCode ?? 0); });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(200);
  });

  it('leaves a body between the handlers\' 64 KiB and the socket\'s limit to the handler, which answers its own 413', async () => {
    const cookie = await session('alice');
    const res = await fetch(`${server.url}/notes/1`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x'.repeat(maxJsonBodyBytes) }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ detail: `The body has ${maxJsonBodyBytes + 14} bytes; at most ${maxJsonBodyBytes} are accepted.` });
  });

  it('refuses a body that is not UTF-8 with 400 and problem details', async () => {
    const cookie = await session('alice');
    const body = Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]); // {"<broken 2-byte sequence>"}
    const res = await fetch(`${server.url}/notes/1`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: '/problems/invalid-utf8', status: 400 });
  });

  it('refuses a content coding it cannot read with 415 and Accept-Encoding (RFC 9110 §15.5.16)', async () => {
    const res = answered(await rawExchange(server.url, [head(['PUT /notes/1 HTTP/1.1', 'Host: x', 'Content-Encoding: gzip', 'Content-Length: 3', 'Connection: close']), 'abc']));
    expect(res.status).toBe(415);
    expect(res.headers['accept-encoding']).toBe('identity');
    expect(JSON.parse(res.body)).toMatchObject({ type: '/problems/unsupported-content-encoding' });
  });

  it('answers a request node cannot parse with 400 problem details, not an empty 400', async () => {
    const res = answered(await rawExchange(server.url, ['GET /notes/1 HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n']));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.body)).toMatchObject({ type: '/problems/malformed-request', status: 400 });
  });

  it('answers header fields over 32 KiB with 431, and lets a 17 KiB graph URL through to the endpoint\'s own 414', async () => {
    const huge = answered(await rawExchange(server.url, [head(['GET /notes/1 HTTP/1.1', 'Host: x', `X-Big: ${'a'.repeat(40 * 1024)}`])]));
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toMatchObject({ type: '/problems/header-fields-too-large' });
    const cookie = await session('alice');
    const res = await fetch(`${server.url}/graphql?query=${'a'.repeat(17 * 1024)}`, { headers: { cookie } });
    expect(res.status).toBe(414);
  });

  it('refuses a request target that is not a path with 400, and reduces an absolute URL to its path', async () => {
    const star = answered(await rawExchange(server.url, [head(['OPTIONS * HTTP/1.1', 'Host: x', 'Connection: close'])]));
    expect(star.status).toBe(400);
    expect(JSON.parse(star.body)).toMatchObject({ type: '/problems/bad-request-target' });
    const absolute = answered(await rawExchange(server.url, [head(['GET http://example.com/orders/121 HTTP/1.1', 'Host: example.com', 'Connection: close'])]));
    expect(absolute.status).toBe(401);
  });

  it('answers HEAD with the GET\'s header fields and no body, and 204 with no Content-Length', async () => {
    const cookie = await session('alice');
    await fetch(`${server.url}/notes/1`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: '{"content":"x"}' });
    const headRes = answered(await rawExchange(server.url, [head(['HEAD /notes/1 HTTP/1.1', 'Host: x', `Cookie: ${cookie}`, 'Connection: close'])]));
    expect(headRes.status).toBe(200);
    expect(headRes.headers['content-type']).toBe('application/json');
    expect(headRes.headers['content-length']).toBeUndefined();
    expect(headRes.body).toBe('');
    const deleted = answered(await rawExchange(server.url, [head(['DELETE /notes/1 HTTP/1.1', 'Host: x', `Cookie: ${cookie}`, 'Connection: close'])]));
    expect(deleted.status).toBe(204);
    expect(deleted.headers['content-length']).toBeUndefined();
    expect(deleted.body).toBe('');
  });

  it('sets Content-Length from the UTF-8 bytes of the body, not its UTF-16 length', async () => {
    const cookie = await session('alice');
    const content = 'é ✓ 😀';
    const res = answered(await rawExchange(server.url, [head(['PUT /notes/2 HTTP/1.1', 'Host: x', `Cookie: ${cookie}`, 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(JSON.stringify({ content }))}`, 'Connection: close']), JSON.stringify({ content })]));
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body, 'utf8'));
    expect(JSON.parse(res.body)).toEqual({ id: 2, content });
  });

  it('joins a repeated field with ", " where node would keep the first: two credentials fail gate 1', async () => {
    const alice = await session('alice');
    const res = answered(await rawExchange(server.url, [head(['GET /orders/121 HTTP/1.1', 'Host: x', 'Authorization: Bearer a.b.c', 'Authorization: Bearer d.e.f', `Cookie: ${alice}`, 'Connection: close'])]));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ detail: expect.stringContaining('malformed Authorization header') as unknown });
  });

  it('answers CONNECT with 501 and problem details instead of closing the connection without a word', async () => {
    const res = answered(await rawExchange(server.url, [head(['CONNECT example.com:443 HTTP/1.1', 'Host: example.com:443'])], { closeAfterMs: 30_000 }));
    expect([res.status, JSON.parse(res.body)]).toMatchObject([501, { type: '/problems/method-not-implemented', status: 501 }]);
  });

  it('answers a request line with HTTP/2.0 (or 0.9, 3.0) with 505 and problem details, and serves HTTP/1.0', async () => {
    for (const version of ['2.0', '0.9', '3.0']) {
      const res = answered(await rawExchange(server.url, [head([`GET /orders/121 HTTP/${version}`, 'Host: x'])], { closeAfterMs: 30_000 }));
      expect([res.status, JSON.parse(res.body)]).toMatchObject([505, { type: '/problems/http-version-not-supported', detail: expect.stringContaining(`HTTP/${version}`) as unknown }]);
    }
    const old = answered(await rawExchange(server.url, [head(['GET /orders/121 HTTP/1.0', 'Host: x'])], { closeAfterMs: 30_000 }));
    expect(old.status).toBe(401);
  });

  it('refuses a protocol upgrade it has no listener for with 501 and problem details instead of hanging', async () => {
    const bare = await listen(httpFront(() => jsonResponse(200, { ok: true }), { upgradeRefusalDetail: 'Not here.' }), { port: 0 });
    try {
      const res = answered(await rawExchange(bare.url, [head(['GET /graphql HTTP/1.1', 'Host: x', 'Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Protocol: graphql-transport-ws'])], { closeAfterMs: 30_000 }));
      expect(res.status).toBe(501);
      expect(JSON.parse(res.body)).toMatchObject({ type: '/problems/upgrade-not-implemented', status: 501, detail: 'Not here.' });
    } finally {
      await bare.close();
    }
  });
});

describe('the Host allow-list', () => {
  it('answers a Host that is not allowed with 421 and problem details, for a request, a 100-continue and an upgrade alike, and serves loopback names', async () => {
    const seen: string[] = [];
    const guarded = await listen(httpFront((req) => {
      seen.push(req.path);
      return jsonResponse(200, { ok: true });
    }, { allowedHosts: loopbackOnly, upgrade: (_req, socket) => socket.end('HTTP/1.1 101 Switching Protocols\r\n\r\n') }), { port: 0 });
    try {
      const refused = await Promise.all([
        ['GET /a HTTP/1.1', 'Host: rebound.evil.example:3000'],
        ['PUT /b HTTP/1.1', 'Host: rebound.evil.example', 'Expect: 100-continue', 'Content-Length: 5'],
        ['GET /graphql HTTP/1.1', 'Host: rebound.evil.example', 'Connection: Upgrade', 'Upgrade: websocket'],
      ].map(async (lines) => answered(await rawExchange(guarded.url, [head(lines)], { closeAfterMs: 30_000 }))));
      for (const res of refused) {
        expect([res.status, res.headers.connection, JSON.parse(res.body)]).toMatchObject([421, 'close', { type: '/problems/host-not-allowed', status: 421, detail: expect.stringContaining('--allowed-hosts') as unknown }]);
      }
      const served = answered(await rawExchange(guarded.url, [head(['GET /c HTTP/1.1', `Host: localhost:${new URL(guarded.url).port}`, 'Connection: close'])]));
      expect(served.status).toBe(200);
      expect(seen).toEqual(['/c']);
    } finally {
      await guarded.close();
    }
  });
});

describe('a handler that throws', () => {
  let front: RunningServer;
  const logged: string[] = [];

  beforeAll(async () => {
    front = await listen(httpFront((req) => {
      if (req.path === '/boom') throw new Error('handler bug');
      if (req.path === '/async-boom') return Promise.reject(new Error('async handler bug'));
      return jsonResponse(200, { ok: true });
    }, { log: (line) => logged.push(line) }), { port: 0 });
  });
  afterAll(() => front.close());

  it('gets a 500 with problem details, is logged, and the server keeps serving', async () => {
    for (const path of ['/boom', '/async-boom']) {
      const res = await fetch(`${front.url}${path}`);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toMatchObject({ type: '/problems/internal-error', status: 500 });
    }
    expect(logged).toEqual([expect.stringContaining('GET /boom: the handler threw: Error: handler bug'), expect.stringContaining('GET /async-boom: the handler threw: Error: async handler bug')]);
    expect((await fetch(`${front.url}/fine`)).status).toBe(200);
  });
});

describe('the client address the socket saw', () => {
  it('reaches the login throttle: 120 failed logins at once from one address under different names, the rest are 429', async () => {
    const own = await startOriginServer({ port: 0, log: () => undefined });
    try {
      const login = (username: string, password: string) =>
        fetch(`${own.url}/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
      // Quickly, because the address's bucket refills by one a second of real time; each name fails once, so only the
      // address can be what refuses. In waves of 40, so that the password checks' queue (64) never turns one away unchecked.
      const answers = [];
      for (let wave = 0; wave < 3; wave++) {
        answers.push(...await Promise.all(Array.from({ length: 40 }, async (_, i) => {
          const res = await login(`guesser-${wave}-${i}`, 'x');
          return { status: res.status, retryAfter: res.headers.get('retry-after'), detail: ((await res.json()) as { detail: string }).detail };
        })));
      }
      const refused = answers.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused.every((a) => a.retryAfter === '1' && a.detail.includes('this address'))).toBe(true);
    } finally {
      await own.close();
    }
  });
});

/** A login sent from `localAddress` (any of 127/8 on Linux's loopback), so one test can be several clients. */
function loginFrom(url: string, localAddress: string, username: string, password: string, headers: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/sessions`, { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the client address behind the front', () => {
  it("is the one the front saw: one client's wrong passwords through the cache do not lock out another's login, and a Forwarded a client writes is believed by no one", async () => {
    const fronts = new TrustedFronts();
    // The address's budget refills by one an hour here, not one a second, so a slow machine's minute of guessing
    // cannot earn the guesser its budget back before the last check.
    const loginThrottle = { ...defaultLoginThrottle, perAddress: { ...defaultLoginThrottle.perAddress, refillPerSecond: 1 / 3600 } };
    const origin = await startOriginServer({ port: 0, fronts, log: () => undefined, settings: { loginThrottle } });
    const cache = await startCacheProxy({ upstreamUrl: origin.url, port: 0, fronts });
    try {
      // 120 from 127.0.0.2 in waves of 40 (the password checks' queue turns none away), each name once: only the
      // address's budget (100) can refuse.
      const guesses = [];
      for (let wave = 0; wave < 3; wave++) {
        guesses.push(...await Promise.all(Array.from({ length: 40 }, (_, i) => loginFrom(cache.url, '127.0.0.2', `guesser-${wave}-${i}`, 'x', { forwarded: `for=10.0.${wave}.${i}` }))));
      }
      expect(guesses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
      expect(await loginFrom(cache.url, '127.0.0.1', 'alice', 'alice-pw')).toBe(201);
      // The guesser naming another address, to the cache (which replaces it) and to the origin (which does not believe it), is still itself.
      expect(await loginFrom(cache.url, '127.0.0.2', 'bob', 'bob-pw', { forwarded: 'for=10.1.1.1', 'x-forwarded-for': '10.1.1.2' })).toBe(429);
      expect(await loginFrom(origin.url, '127.0.0.2', 'bob', 'bob-pw', { forwarded: 'for=127.0.0.1', 'x-forwarded-for': '127.0.0.1' })).toBe(429);
    } finally {
      await cache.close();
      await origin.close();
    }
  });
});

describe('password checks under a flood', () => {
  it('run one at a time with a queue of 64: a login past it is 503 logins-busy with Retry-After, unchecked, and the next login is answered', async () => {
    const own = await startOriginServer({ port: 0, log: () => undefined });
    try {
      // Names of nobody, each once, fewer than the address's budget: the throttle refuses none of them.
      const answers = await Promise.all(Array.from({ length: 95 }, async (_, i) => {
        const res = await fetch(`${own.url}/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: `flood-${i}`, password: 'x' }) });
        return { status: res.status, retryAfter: res.headers.get('retry-after'), type: ((await res.json()) as { type?: string }).type };
      }));
      const busy = answers.filter((a) => a.status === 503);
      expect(answers.filter((a) => a.status !== 401 && a.status !== 503)).toEqual([]);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      expect(busy.every((a) => a.retryAfter === '1' && a.type === '/problems/logins-busy')).toBe(true);
      expect(await loginFrom(own.url, '127.0.0.1', 'alice', 'alice-pw')).toBe(201);
    } finally {
      await own.close();
    }
  });
});
