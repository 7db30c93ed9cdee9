import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../src/http/message.js';
import { httpFront } from './http-front.js';
import { listen, type RunningServer } from './listening-server.js';
import { Upstream, upstreamMaxSockets } from './upstream.js';

let running: RunningServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(running.map((server) => server.close()));
  running = [];
});

/** A raw connection to `url`, and everything it receives until the server closes it. */
function open(url: string): { socket: Socket; received: () => string; closed: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  sockets.push(socket);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => { text += chunk; });
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  return { socket, received: () => text, closed };
}

/** Sends one keep-alive GET on `socket` and waits for its whole (small) response. */
async function exchange(conn: ReturnType<typeof open>): Promise<string> {
  const before = conn.received().length;
  conn.socket.write('GET /x HTTP/1.1\r\nhost: test\r\n\r\n');
  while (!/\r\n\r\n[^]*\}$/.test(conn.received().slice(before))) await new Promise((resolve) => setTimeout(resolve, 5));
  return conn.received().slice(before);
}

describe('connection limits (without them, one client could use up every file descriptor)', () => {
  it('answers a connection over the per-address cap 503 with Retry-After, and no request on it reaches the handler', async () => {
    let handled = 0;
    const server = await listen(httpFront(() => { handled++; return jsonResponse(200, { n: handled }); }), { port: 0, connectionLimits: { maxConnectionsPerAddress: 5 } });
    running.push(server);
    const kept = Array.from({ length: 5 }, () => open(server.url));
    for (const conn of kept) expect(await exchange(conn)).toMatch(/^HTTP\/1\.1 200 /);

    const sixth = open(server.url);
    sixth.socket.write('DELETE /notes/1 HTTP/1.1\r\nhost: test\r\n\r\n');
    const refusal = await sixth.closed;
    expect(refusal).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(refusal).toMatch(/\r\nretry-after: 1\r\n/);
    expect(refusal).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/);
    expect(JSON.parse(refusal.slice(refusal.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 503, type: '/problems/too-many-connections', maxConnectionsPerAddress: 5 });
    expect(handled).toBe(5);

    // A connection that closes makes room for the next, once the server has seen it close: on a busy machine
    // that can take a while, so the next one is refused until then (the test's timeout bounds the wait).
    const gone = kept[0]!;
    gone.socket.destroy();
    await gone.closed;
    let next = await exchange(open(server.url));
    while (/^HTTP\/1\.1 503 /.test(next)) next = await exchange(open(server.url));
    expect(next).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('cuts a client that never finishes its header fields after headersTimeout, with a 408', async () => {
    const server = await listen(httpFront(() => jsonResponse(200, {})), { port: 0, connectionLimits: { headersTimeoutMs: 200 } });
    running.push(server);
    const slow = open(server.url);
    const startedMs = performance.now();
    slow.socket.write('GET / HTTP/1.1\r\nhost: test\r\nx-slow: 1\r\n');
    const text = await slow.closed;
    // The deadline, plus at most one sweep of node's (1 s here; node's own is 30 s and its default deadline 60 s):
    // about 1.2 s, so well under 30 s however slow the machine, and never node's own 60 s.
    expect(performance.now() - startedMs).toBeLessThan(30_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('opens at most upstreamMaxSockets connections to its upstream, however many requests are in flight', async () => {
    let connections = 0;
    const slowOrigin = httpFront(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return jsonResponse(200, {});
    });
    slowOrigin.on('connection', () => connections++);
    const origin = await listen(slowOrigin, { port: 0, connectionLimits: { maxConnectionsPerAddress: 1_000 } });
    running.push(origin);
    const upstream = new Upstream(origin.url, undefined);
    const requests = upstreamMaxSockets + 40;
    const answers = await Promise.all(Array.from({ length: requests }, () => upstream.send({ method: 'GET', path: '/', headers: {}, body: undefined, bodyBytes: 0 })));
    upstream.close();
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(connections).toBe(upstreamMaxSockets);
  });
});

