import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type HttpResponse } from '../src/http/message.js';
import { httpFront } from './http-front.js';
import { listen } from './listening-server.js';

/** A server whose `/slow` answers only when the test says so, and tells the test when it has started. */
function slowServer() {
  let started!: () => void;
  const handlerStarted = new Promise<void>((resolve) => { started = resolve; });
  let release!: (res: HttpResponse) => void;
  const released = new Promise<HttpResponse>((resolve) => { release = resolve; });
  const server = httpFront((req) => {
    if (req.path !== '/slow') return jsonResponse(200, { fast: true });
    started();
    return released;
  });
  return { server, handlerStarted, release };
}

function get(url: string, agent?: Agent): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.on('connect', () => { socket.destroy(); resolve(false); });
    socket.on('error', () => resolve(true));
  });
}

describe('graceful close', () => {
  it('stops accepting at once, lets the request in flight finish, then resolves', async () => {
    const { server, handlerStarted, release } = slowServer();
    const running = await listen(server, { port: 0 });
    const inFlight = get(`${running.url}/slow`);
    await handlerStarted;
    let closed = false;
    const closing = running.close().then(() => { closed = true; });
    expect(await refusesConnections(running.url)).toBe(true);
    expect(closed).toBe(false);
    release(jsonResponse(200, { slow: true }));
    const res = await inFlight;
    expect(res).toMatchObject({ status: 200, body: '{"slow":true}', connection: 'close' });
    await closing;
    expect(closed).toBe(true);
  });

  it('closes idle keep-alive connections instead of waiting for them', { timeout: 30_000 }, async () => {
    const running = await listen(httpFront(() => jsonResponse(200, {})), { port: 0, graceMs: 60_000 });
    const agent = new Agent({ keepAlive: true });
    const first = await get(`${running.url}/`, agent);
    expect(first.connection).toBe('keep-alive');
    // With the grace period at 60 s, only closing the idle socket lets this resolve within the test's 30 s.
    await running.close();
    agent.destroy();
  });

  it('cuts a request that does not finish within the grace period', async () => {
    const { server, handlerStarted } = slowServer();
    const running = await listen(server, { port: 0, graceMs: 100 });
    const inFlight = get(`${running.url}/slow`).then(() => 'answered', (error: unknown) => (error as NodeJS.ErrnoException).code);
    await handlerStarted;
    await running.close();
    expect(await inFlight).toBe('ECONNRESET');
  });

  it('rejects when the port is taken, naming the error', async () => {
    const first = await listen(httpFront(() => jsonResponse(200, {})), { port: 0 });
    const port = Number(new URL(first.url).port);
    await expect(listen(httpFront(() => jsonResponse(200, {})), { port })).rejects.toThrow(/EADDRINUSE/);
    await first.close();
  });
});
