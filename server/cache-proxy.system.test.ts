import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HttpRequest, jsonResponse } from '../src/http/message.js';
import { type RunningCacheProxy, startCacheProxy } from './cache-proxy.js';
import { httpFront } from './http-front.js';
import { listen } from './listening-server.js';
import { type RunningOrigin, startOriginServer } from './origin-server.js';
import { sessionCookie } from './test-kit/demo-login.js';
import { rawExchange } from './test-kit/raw-http.js';

describe('the cache proxy in front of the real origin', () => {
  let origin: RunningOrigin;
  let cache: RunningCacheProxy;
  let alice: string;
  const originRequests: string[] = [];

  beforeEach(async () => {
    originRequests.length = 0;
    origin = await startOriginServer({ port: 0 });
    origin.origin.audit.onRecord((r) => originRequests.push(`${r.operation} ${r.object}`));
    cache = await startCacheProxy({ upstreamUrl: origin.url, port: 0 });
    alice = await sessionCookie(origin.url, 'alice');
  });
  afterEach(async () => {
    await cache.close();
    await origin.close();
  });

  const send = (method: string, path: string, body?: string, cookie = alice) =>
    fetch(`${cache.url}${path}`, { method, headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) }, body });

  it('misses, stores, then answers a repeat GET itself with Age and Cache-Status: hit', async () => {
    await send('PUT', '/notes/1', '{"content":"cached"}');
    const miss = await send('GET', '/notes/1');
    expect(miss.headers.get('cache-status')).toBe('apisim-cache; fwd=uri-miss; fwd-status=200; stored');
    expect(miss.headers.get('age')).toBeNull();
    const requestsAfterMiss = originRequests.length;
    const hit = await send('GET', '/notes/1');
    expect(hit.headers.get('cache-status')).toBe('apisim-cache; hit');
    expect(hit.headers.get('age')).toMatch(/^\d+$/);
    expect(await hit.json()).toEqual({ id: 1, content: 'cached' });
    expect(originRequests.length).toBe(requestsAfterMiss);
    expect(cache.cache.size).toBe(1);
  });

  it('keeps callers apart by Vary: bob\'s GET of the same URL is a miss of its own', async () => {
    await send('PUT', '/notes/1', '{"content":"x"}');
    await send('GET', '/notes/1');
    const bob = await sessionCookie(origin.url, 'bob');
    const res = await send('GET', '/notes/1', undefined, bob);
    expect(res.headers.get('cache-status')).toBe('apisim-cache; fwd=vary-miss; fwd-status=200; stored');
  });

  it('discards the stored response when a PUT passes through (RFC 9111 §4.4), so the next GET sees the write', async () => {
    await send('PUT', '/notes/1', '{"content":"first"}');
    await send('GET', '/notes/1');
    const put = await send('PUT', '/notes/1', '{"content":"second"}');
    expect(put.headers.get('cache-status')).toBe('apisim-cache; fwd=method; fwd-status=200; detail="invalidated /notes/1"');
    expect(cache.cache.size).toBe(0);
    const after = await send('GET', '/notes/1');
    expect(after.headers.get('cache-status')).toContain('fwd=uri-miss');
    expect(await after.json()).toEqual({ id: 1, content: 'second' });
  });

  it('refuses a logged-out session on its very next GET, though the cache had the note stored for it (a logged-out session used to read it for up to 60 s)', async () => {
    await send('PUT', '/notes/1', '{"content":"cached"}');
    await send('GET', '/notes/1');
    expect((await send('GET', '/notes/1')).headers.get('cache-status')).toBe('apisim-cache; hit');
    const logout = await send('DELETE', '/sessions/current');
    expect(logout.status).toBe(204);
    expect(logout.headers.get('clear-site-data')).toBe('"cache"');
    const after = await send('GET', '/notes/1');
    expect(after.status).toBe(401);
    expect(after.headers.get('cache-status')).toMatch(/fwd=uri-miss/);
  });

  it('refuses a write whose URL has a query, so the plain URL the cache stored cannot go stale (a write under another URL escaped invalidation)', async () => {
    await send('PUT', '/notes/1', '{"content":"first"}');
    await send('GET', '/notes/1');
    const write = await send('PUT', '/notes/1?via=query', '{"content":"second"}');
    expect(write.status).toBe(400);
    expect(await write.json()).toMatchObject({ type: '/problems/invalid-query', errors: [{ parameter: 'via' }] });
    const read = await send('GET', '/notes/1');
    expect(read.headers.get('cache-status')).toBe('apisim-cache; hit');
    expect(await read.json()).toMatchObject({ content: 'first' });
    expect(origin.origin.state().notes).toMatchObject([{ id: 1, content: 'first' }]);
  });

  it('never stores a private response (orders)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await send('GET', '/orders/121');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-status')).toBe('apisim-cache; fwd=uri-miss; fwd-status=200; detail="not stored: no-store"');
    }
    expect(cache.cache.size).toBe(0);
  });

  it('adds itself to Via in both directions', async () => {
    const seen: HttpRequest[] = [];
    const upstream = await listen(httpFront((req) => { seen.push(req); return jsonResponse(200, {}, { via: '1.1 origin-side' }); }), { port: 0 });
    const proxy = await startCacheProxy({ upstreamUrl: upstream.url, port: 0 });
    const res = await fetch(`${proxy.url}/x`, { headers: { via: '1.1 client-side' } });
    expect(seen[0]!.headers.via).toBe('1.1 client-side, 1.1 apisim-cache');
    expect(res.headers.get('via')).toBe('1.1 origin-side, 1.1 apisim-cache');
    await proxy.close();
    await upstream.close();
  });
});

describe('hop-by-hop fields (RFC 9110 §7.6.1)', () => {
  let upstream: Server;
  let upstreamUrl: string;
  let proxy: RunningCacheProxy;
  const seen: IncomingHttpHeaders[] = [];

  beforeEach(async () => {
    seen.length = 0;
    // A bare node:http upstream, so the response can carry connection fields our own adapter would never write.
    upstream = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json', connection: 'x-secret', 'x-secret': 'hop', 'x-end': 'kept' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    proxy = await startCacheProxy({ upstreamUrl, port: 0 });
  });
  afterEach(async () => {
    await proxy.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('are not forwarded, nor the fields Connection names; end-to-end fields are', async () => {
    const res = await rawExchange(proxy.url, ['GET /x HTTP/1.1\r\nHost: x\r\nConnection: close, x-hop\r\nX-Hop: secret\r\nTE: trailers\r\nX-End: kept\r\n\r\n']);
    if (res === 'closed-without-response') throw new Error('no response');
    expect(seen[0]!['x-hop']).toBeUndefined();
    expect(seen[0]!.te).toBeUndefined();
    expect(seen[0]!['x-end']).toBe('kept');
    expect(res.status).toBe(200);
    expect(res.headers['x-secret']).toBeUndefined();
    expect(res.headers['x-end']).toBe('kept');
  });
});

describe('an upstream that is down', () => {
  it('is a 502 with problem details, not a hang or a crash', async () => {
    const gone = await listen(httpFront(() => jsonResponse(200, {})), { port: 0 });
    const url = gone.url;
    await gone.close();
    const proxy = await startCacheProxy({ upstreamUrl: url, port: 0 });
    const res = await fetch(`${proxy.url}/notes/1`);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ type: '/problems/bad-gateway', status: 502 });
    await proxy.close();
  });
});
