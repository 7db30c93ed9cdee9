import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningCacheProxy, startCacheProxy } from './cache-proxy.js';
import type { RunningServer } from './listening-server.js';
import { type RunningOrigin, startOriginServer } from './origin-server.js';
import { sessionCookie } from './test-kit/demo-login.js';
import { type Answer, oneAttempt } from './test-kit/one-attempt.js';
import { startUnstableProxy } from './unstable-proxy.js';

/** client → unstable line → cache → origin, as in the simulated topology. */
describe('the unstable line', () => {
  let origin: RunningOrigin;
  let cache: RunningCacheProxy;
  let line: RunningServer;
  let alice: string;

  beforeEach(async () => {
    origin = await startOriginServer({ port: 0 });
    cache = await startCacheProxy({ upstreamUrl: origin.url, port: 0 });
    line = await startUnstableProxy({ upstreamUrl: cache.url, port: 0 });
    alice = await sessionCookie(origin.url, 'alice');
  });
  afterEach(async () => {
    await line.close();
    await cache.close();
    await origin.close();
  });

  const attempt = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    oneAttempt(`${line.url}${path}`, { method, body, headers: { cookie: alice, ...(body !== undefined && { 'content-type': 'application/json' }), ...headers } });
  const notes = () => origin.origin.state().notes;
  const answered = (a: Answer | 'lost'): Answer => {
    if (a === 'lost') throw new Error('lost');
    return a;
  };

  it('loses the first response of a PUT after the origin applied it; the re-send gets its 200', async () => {
    expect(await attempt('PUT', '/notes/1', '{"content":"milk"}')).toBe('lost');
    expect(notes()).toEqual([{ id: 1, content: 'milk' }]);
    const resend = answered(await attempt('PUT', '/notes/1', '{"content":"milk"}'));
    expect(resend.status).toBe(200);
    expect(JSON.parse(resend.body)).toEqual({ id: 1, content: 'milk' });
    expect(resend.headers.via).toBe('1.1 apisim-cache, 1.1 apisim-unstable-line');
    expect(notes()).toEqual([{ id: 1, content: 'milk' }]);
  });

  it('treats the same request sent once more after its delivery as a new request, which loses its first response too', async () => {
    expect(await attempt('GET', '/notes/1')).toBe('lost');
    expect(answered(await attempt('GET', '/notes/1')).status).toBe(404);
    expect(await attempt('GET', '/notes/1')).toBe('lost');
  });

  it('knows a re-send by its method, target, body and credentials: another body or another caller is another request', async () => {
    expect(await attempt('PUT', '/notes/1', '{"content":"a"}')).toBe('lost');
    expect(await attempt('PUT', '/notes/1', '{"content":"b"}')).toBe('lost');
    const bob = await sessionCookie(origin.url, 'bob');
    expect(await attempt('PUT', '/notes/1', '{"content":"a"}', { cookie: bob })).toBe('lost');
    expect(answered(await attempt('PUT', '/notes/1', '{"content":"a"}')).status).toBe(200);
  });

  it('shows the spec\'s POST hazard: the keyless re-send creates a second note (§3.2)', async () => {
    expect(await attempt('POST', '/notes', '{"content":"buy milk"}')).toBe('lost');
    expect(answered(await attempt('POST', '/notes', '{"content":"buy milk"}')).status).toBe(201);
    expect(notes()).toEqual([{ id: 1, content: 'buy milk' }, { id: 2, content: 'buy milk' }]);
  });

  it('and its cure: with an Idempotency-Key the re-send gets the first response replayed, and there is one note', async () => {
    const key = { 'idempotency-key': '"8e03978e-40d5-43e8-bc93-6894a57f9324"' };
    expect(await attempt('POST', '/notes', '{"content":"buy milk"}', key)).toBe('lost');
    const resend = answered(await attempt('POST', '/notes', '{"content":"buy milk"}', key));
    expect(resend.status).toBe(201);
    expect(resend.headers['idempotent-replayed']).toBe('true');
    expect(notes()).toEqual([{ id: 1, content: 'buy milk' }]);
  });
});
