import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { commentTour } from './subscribe-tour.js';
import { startCacheProxy, type RunningCacheProxy } from './cache-proxy.js';
import { type RunningOrigin, startOriginServer } from './origin-server.js';
import { rateLimitSettings } from './rate-limit-option.js';
import { sessionCookie } from './test-kit/demo-login.js';
import { rawExchange, type RawResponse } from './test-kit/raw-http.js';

// The operations of the simulator's `graph-subscription` scenario (sim/scenario/builtin/graph-subscriptions.ts),
// written out: server/ does not import sim/ (docs/layering.md).
const watchedPostId = '9';
const commentAddedSubscription = 'subscription OnComment($postId: ID!) { commentAdded(postId: $postId) { body author { name } } }';
const addCommentMutation = 'mutation Add($postId: ID!, $body: String!) { addComment(postId: $postId, body: $body) { id } }';

let server: RunningOrigin;
let cache: RunningCacheProxy;

beforeAll(async () => {
  server = await startOriginServer({ port: 0, log: () => undefined });
  cache = await startCacheProxy({ upstreamUrl: server.url, port: 0 });
});
afterAll(async () => {
  await cache.close();
  await server.close();
});

/** `ws`'s WebSocket with a credential: graphql-ws's client constructs its socket with the URL and subprotocol only. */
function webSocketWith(cookie: string) {
  return class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } });
    }
  };
}

const graphSocketUrl = (url: string): string => `${url.replace(/^http/, 'ws')}/graphql`;

/** Real sockets take real time: waits until the origin's own count says `done` (half a minute at most, for a busy machine). */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 3_000; tries++) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting until ${what}`);
}

const stats = () => server.origin.graphStats();

function answered(res: RawResponse | 'closed-without-response'): RawResponse {
  if (res === 'closed-without-response') throw new Error('the server closed the connection without answering');
  return res;
}

const upgradeHead = (lines: readonly string[]): string =>
  `${['GET /graphql HTTP/1.1', 'Host: x', 'Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', ...lines].join('\r\n')}\r\n\r\n`;

describe('subscriptions on real sockets (graphql-ws over ws)', () => {
  it('bob\'s graphql-ws client receives a next push with exactly his fields for each of alice\'s two comments, then completes', async () => {
    const bob = await sessionCookie(server.url, 'bob');
    const alice = await sessionCookie(server.url, 'alice');
    const client: Client = createClient({ url: graphSocketUrl(server.url), webSocketImpl: webSocketWith(bob), retryAttempts: 0 });
    const pushes: unknown[] = [];
    let twoPushes: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (twoPushes = resolve));
    let ended: unknown = 'not ended';
    const unsubscribe = client.subscribe(
      { query: commentAddedSubscription, variables: { postId: watchedPostId } },
      {
        next: (value) => {
          pushes.push(value);
          if (pushes.length === 2) twoPushes();
        },
        error: (error) => (ended = error),
        complete: () => (ended = undefined),
      },
    );
    try {
      await until(() => stats().activeSubscriptions === 1, 'bob\'s subscription listens');
      for (const body of ['Nice post, Bob!', 'One more thought.']) {
        const res = await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: { cookie: alice, 'content-type': 'application/json' },
          body: JSON.stringify({ query: addCommentMutation, variables: { postId: watchedPostId, body } }),
        });
        expect(res.status).toBe(200);
      }
      await arrived;
      expect(pushes).toEqual([
        { data: { commentAdded: { body: 'Nice post, Bob!', author: { name: 'Alice' } } } },
        { data: { commentAdded: { body: 'One more thought.', author: { name: 'Alice' } } } },
      ]);
      unsubscribe();
      await until(() => stats().activeSubscriptions === 0, 'bob\'s complete reaches the origin');
      expect(ended).toBeUndefined();
    } finally {
      await client.dispose();
    }
    await until(() => stats().openSockets === 0, 'the socket is closed at the origin');
  });

  it('answers the handshake with 101 and the graphql-transport-ws subprotocol', async () => {
    const bob = await sessionCookie(server.url, 'bob');
    const ws = new WebSocket(graphSocketUrl(server.url), 'graphql-transport-ws', { headers: { cookie: bob } });
    const upgraded = new Promise<number | undefined>((resolve) => ws.once('upgrade', (res) => resolve(res.statusCode)));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    expect(await upgraded).toBe(101);
    expect(ws.protocol).toBe('graphql-transport-ws');
    ws.close(1000);
    await new Promise((resolve) => ws.once('close', resolve));
    await until(() => stats().openSockets === 0, 'the socket is closed at the origin');
  });

  it('refuses an upgrade without a credential with gate 1\'s 401 and problem details, not 101', async () => {
    const res = answered(await rawExchange(server.url, [upgradeHead(['Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Protocol: graphql-transport-ws'])], { closeAfterMs: 5_000 }));
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(res.body)).toMatchObject({ status: 401 });
  });

  it('refuses an upgrade that does not offer graphql-transport-ws with the door\'s 400', async () => {
    const bob = await sessionCookie(server.url, 'bob');
    const res = answered(await rawExchange(server.url, [upgradeHead(['Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Protocol: graphql-ws', `Cookie: ${bob}`])], { closeAfterMs: 5_000 }));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ type: '/problems/websocket-subprotocol' });
  });

  it('refuses a handshake the door accepts but ws finds malformed (no Sec-WebSocket-Key) with 400, and counts no socket', async () => {
    const bob = await sessionCookie(server.url, 'bob');
    const res = answered(await rawExchange(server.url, [upgradeHead(['Sec-WebSocket-Protocol: graphql-transport-ws', `Cookie: ${bob}`])], { closeAfterMs: 5_000 }));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ type: '/problems/websocket-handshake' });
    expect(stats().openSockets).toBe(0);
  });

  it('refuses a handshake from a page of another site (Origin) with 403, and opens one from a page of this host', async () => {
    const bob = await sessionCookie(server.url, 'bob');
    const status = (origin: string) => new Promise<number | undefined>((resolve, reject) => {
      const ws = new WebSocket(graphSocketUrl(server.url), 'graphql-transport-ws', { headers: { cookie: bob }, origin });
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode);
        ws.terminate();
      });
      ws.once('open', () => {
        resolve(101);
        ws.close(1000);
      });
      ws.once('error', (error) => (error.message.includes('Unexpected server response') ? undefined : reject(error)));
    });
    expect(await status('https://evil.example')).toBe(403);
    expect(await status(server.url)).toBe(101);
    await until(() => stats().openSockets === 0, 'the socket is closed at the origin');
  });

  it('the cache proxy refuses upgrades with 501 and says subscriptions are at the origin\'s port', async () => {
    const res = answered(await rawExchange(cache.url, [upgradeHead(['Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Protocol: graphql-transport-ws'])], { closeAfterMs: 5_000 }));
    expect(res.status).toBe(501);
    expect(JSON.parse(res.body)).toMatchObject({ type: '/problems/upgrade-not-implemented', detail: expect.stringContaining(graphSocketUrl(server.url)) as unknown });
  });
});

describe('the README\'s subscription script (server/subscribe-tour.ts)', () => {
  it('prints bob\'s two pushes and completes', async () => {
    const lines: string[] = [];
    const pushes = await commentTour(server.url, (line) => lines.push(line));
    expect(pushes).toEqual([
      { data: { commentAdded: { body: 'Nice post, Bob!', author: { name: 'Alice' } } } },
      { data: { commentAdded: { body: 'One more thought.', author: { name: 'Alice' } } } },
    ]);
    expect(lines.at(-1)).toBe('complete');
    await until(() => stats().openSockets === 0 && stats().activeSubscriptions === 0, 'the script\'s socket is closed at the origin');
  });
});

describe('the wait for connection_init', () => {
  it('closes a socket that sends no connection_init in time with 4408, and leaves one that did open', async () => {
    const own = await startOriginServer({ port: 0, log: () => undefined, connectionInitWaitMs: 1_000 });
    try {
      const bob = await sessionCookie(own.url, 'bob');
      const connect = async (): Promise<{ ws: WebSocket; closed: Promise<{ code: number; reason: string }> }> => {
        const ws = new WebSocket(graphSocketUrl(own.url), 'graphql-transport-ws', { headers: { cookie: bob } });
        const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
        return { ws, closed };
      };
      const silent = await connect();
      const polite = await connect();
      const acked = new Promise((resolve) => polite.ws.once('message', resolve));
      polite.ws.send(JSON.stringify({ type: 'connection_init' }));
      expect(JSON.parse(String(await acked))).toEqual({ type: 'connection_ack' });
      expect(await silent.closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(polite.ws.readyState).toBe(WebSocket.OPEN);
      polite.ws.close(1000);
      await polite.closed;
    } finally {
      await own.close();
    }
  });
});

describe('ping and pong', () => {
  it('answers the protocol\'s ping with pong, pings every socket, and cuts one that stops answering', async () => {
    const own = await startOriginServer({ port: 0, log: () => undefined, keepAliveMs: 1_000 });
    try {
      const bob = await sessionCookie(own.url, 'bob');
      const connect = async (autoPong: boolean) => {
        const ws = new WebSocket(graphSocketUrl(own.url), 'graphql-transport-ws', { headers: { cookie: bob }, autoPong });
        const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
        let pings = 0;
        ws.on('ping', () => pings++);
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
        const messages: unknown[] = [];
        ws.on('message', (data) => messages.push(JSON.parse((data as Buffer).toString('utf8'))));
        ws.send(JSON.stringify({ type: 'connection_init' }));
        ws.send(JSON.stringify({ type: 'ping', payload: { n: 1 } }));
        return { ws, closed, messages, pings: () => pings };
      };
      const answering = await connect(true);
      const mute = await connect(false);
      // Cut on the second tick (its first ping unanswered), so within about two seconds: ticks a second apart
      // leave a busy machine time to answer, so the answering socket is never cut for being slow.
      expect(await mute.closed).toBe(1006);
      expect(mute.pings()).toBeGreaterThanOrEqual(1);
      await until(() => answering.pings() >= 2, 'the answering socket has had its second ping');
      expect(answering.ws.readyState).toBe(WebSocket.OPEN);
      expect(answering.messages).toEqual([{ type: 'connection_ack' }, { type: 'pong', payload: { n: 1 } }]);
      answering.ws.close(1000);
      await answering.closed;
      await until(() => own.origin.graphStats().openSockets === 0, 'both sockets are closed at the origin');
    } finally {
      await own.close();
    }
  });
});

describe('stopping the server', () => {
  it('tells each open socket 1001 (going away) and closes', async () => {
    const own = await startOriginServer({ port: 0, log: () => undefined, graceMs: 1_000 });
    const bob = await sessionCookie(own.url, 'bob');
    const ws = new WebSocket(graphSocketUrl(own.url), 'graphql-transport-ws', { headers: { cookie: bob } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await own.close();
    expect(await closed).toBe(1001);
  });
});

describe('a client that never reads', () => {
  it('is closed once its pushes wait past the limit (the pause before it: outgoing-flow.test.ts), and the server goes on answering', async () => {
    // Small limits, so that the kernel's socket buffers (a few MiB on loopback) are what takes longest to fill.
    // No keep-alive ping within the test: only what waits untaken may close the socket.
    const own = await startOriginServer({ port: 0, log: () => undefined, keepAliveMs: 600_000, settings: rateLimitSettings({ kind: 'off' }), outgoingLimits: { pauseAboveBytes: 64 * 1024, closeAboveBytes: 256 * 1024 } });
    try {
      const bob = await sessionCookie(own.url, 'bob');
      const alice = await sessionCookie(own.url, 'alice');
      const ws = new WebSocket(graphSocketUrl(own.url), 'graphql-transport-ws', { headers: { cookie: bob } });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.on('error', () => undefined);
      ws.send(JSON.stringify({ type: 'connection_init' }));
      // The most a push can carry: a comment's body (1,000 characters at most) ten times, under ten aliases.
      const wideQuery = `subscription Wide($postId: ID!) { commentAdded(postId: $postId) { ${Array.from({ length: 10 }, (_, i) => `b${i}: body`).join(' ')} } }`;
      for (let id = 1; id <= 10; id++) ws.send(JSON.stringify({ id: String(id), type: 'subscribe', payload: { query: wideQuery, variables: { postId: watchedPostId } } }));
      await until(() => own.origin.graphStats().activeSubscriptions === 10, 'bob\'s ten subscriptions listen');
      ws.pause();
      const body = 'x'.repeat(1_000);
      let comments = 0;
      // Each comment is ten pushes of 10 KB to bob; a socket nobody reads cannot take 200 MB.
      while (own.origin.graphStats().openSockets > 0 && comments < 2_000) {
        const res = await fetch(`${own.url}/graphql`, { method: 'POST', headers: { cookie: alice, 'content-type': 'application/json' }, body: JSON.stringify({ query: addCommentMutation, variables: { postId: watchedPostId, body } }) });
        expect(res.status).toBe(200);
        comments++;
      }
      await until(() => own.origin.graphStats().openSockets === 0, 'the slow consumer is closed');
      expect(own.origin.graphStats().activeSubscriptions).toBe(0);
      expect((await fetch(`${own.url}/orders/121`, { headers: { cookie: alice } })).status).toBe(200);
      ws.terminate();
    } finally {
      await own.close();
    }
  });
});
