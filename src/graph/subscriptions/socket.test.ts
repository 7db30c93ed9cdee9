import { parse, subscribe as graphqlSubscribe } from 'graphql';
import { describe, expect, it } from 'vitest';
import { request } from '../../http/message.js';
import { Guard } from '../../policy/guard.js';
import { bodyOf, TestOrigin } from '../../testing-kit.js';
import { Policy } from '../../policy/policy.js';
import { scopesOfRoles } from '../../policy/roles.js';
import { seedDemoData } from '../../demo-data.js';
import { PostsStore } from '../../posts/store.js';
import { UsersStore } from '../../users/store.js';
import { defaultGraphSettings, GraphEndpoint } from '../endpoint.js';
import { graphSchema } from '../schema.js';
import { defaultMaxSocketsPerCaller, defaultMessageBudget } from './graph-sockets.js';
import { commentAddedTopic } from './graph-events.js';
import type { SocketPeer } from './connection.js';
import type { ServerMessage } from './protocol.js';
import { upgradeHeaders } from './upgrade.js';

/** One client's end of a socket: every message and close the server sent, also into a log shared by all peers. */
class Peer implements SocketPeer {
  readonly messages: ServerMessage[] = [];
  readonly texts: string[] = [];
  readonly closes: { code: number; reason: string }[] = [];
  constructor(
    readonly name: string,
    private readonly log: string[] = [],
  ) {}
  send(text: string, message: ServerMessage): void {
    this.texts.push(text);
    this.messages.push(message);
    this.log.push(`${this.name} ${message.type}${'id' in message ? ` ${message.id}` : ''}`);
  }
  close(code: number, reason: string): void {
    this.closes.push({ code, reason });
    this.log.push(`${this.name} close ${code}`);
  }
  /** Data messages (next, error, complete) only. */
  get operations(): ServerMessage[] {
    return this.messages.filter((m) => m.type === 'next' || m.type === 'error' || m.type === 'complete');
  }
}

/** Waits, as the simulator does, until every socket message begun so far has been handed to its peer. */
async function settle(t: TestOrigin): Promise<void> {
  for (let s = t.origin.socketMessagesSettled(); s !== undefined; s = t.origin.socketMessagesSettled()) await s;
}

async function connect(t: TestOrigin, credential: Record<string, string>, name = 'client', log?: string[], headers: Record<string, string> = upgradeHeaders) {
  const peer = new Peer(name, log);
  const opening = await t.origin.openSocket(request('GET', '/graphql', { ...credential, ...headers }), peer);
  const send = async (message: unknown): Promise<void> => {
    if (opening.socket === undefined) throw new Error(`no socket: ${opening.response.status}`);
    await opening.socket.receive(JSON.stringify(message));
    await settle(t);
  };
  return { peer, opening, send };
}

/** Connected, acknowledged, and subscribed with id `1`. */
async function subscribed(t: TestOrigin, credential: Record<string, string>, query: string, variables?: Record<string, unknown>, name?: string, log?: string[]) {
  const socket = await connect(t, credential, name, log);
  await socket.send({ type: 'connection_init' });
  await socket.send({ type: 'subscribe', id: '1', payload: { query, ...(variables && { variables }) } });
  return socket;
}

const onComment = 'subscription OnComment($postId: ID!) { commentAdded(postId: $postId) { body author { name } } }';
const addComment = 'mutation Add($postId: ID!, $body: String!) { addComment(postId: $postId, body: $body) { id } }';

async function comment(t: TestOrigin, who: Record<string, string>, body: string, postId = '9') {
  const res = await t.send('POST', '/graphql', who, { query: addComment, variables: { postId, body } });
  await settle(t);
  expect(res.status).toBe(200);
  return res;
}

describe('the WebSocket upgrade: gate 1 and the rate limit as for any request', () => {
  it('answers 101 with the graphql-transport-ws subprotocol, and audits the opening', async () => {
    const t = new TestOrigin();
    const { opening } = await connect(t, t.session('bob'));
    expect(opening.response).toMatchObject({ status: 101, bodyBytes: 0, headers: { upgrade: 'websocket', 'sec-websocket-protocol': 'graphql-transport-ws' } });
    expect(opening.socket).toBeDefined();
    expect(t.origin.audit.records.at(-1)).toMatchObject({ username: 'bob', operation: 'open socket', decision: 'allow', status: 101 });
    expect(t.origin.graphStats().openSockets).toBe(1);
  });

  it.each([
    ['no credential', () => ({})],
    ['an unknown session', () => ({ cookie: 'sid=nope' })],
    ['a malformed token', () => ({ authorization: 'Bearer !!' })],
  ])('refuses %s with the very 401 a plain request gets, and opens nothing', async (_what, credential) => {
    const t = new TestOrigin();
    const { opening } = await connect(t, credential());
    const plain = await t.handle(request('GET', '/graphql', credential()));
    expect(opening.socket).toBeUndefined();
    expect(opening.response).toEqual(plain);
    expect(opening.response.status).toBe(401);
    expect(t.origin.audit.records.at(-1)).toMatchObject({ decision: 'deny', status: 401 });
    expect(t.origin.graphStats().openSockets).toBe(0);
  });

  it('counts the upgrade against the caller\'s rate limit: 429 once the bucket is empty', async () => {
    const t = new TestOrigin({ rateLimit: { burst: 2, refillPerSecond: 1 } });
    const bob = t.session('bob');
    expect((await connect(t, bob)).opening.response.status).toBe(101);
    expect((await t.send('GET', '/notes/1', bob)).status).toBe(404);
    const { opening } = await connect(t, bob);
    expect(opening.socket).toBeUndefined();
    expect(opening.response.status).toBe(429);
    expect(opening.response.headers['retry-after']).toBe('1');
  });

  it.each([
    ['no subprotocol', { upgrade: 'websocket', 'sec-websocket-version': '13' }, '/graphql', 'GET', 400],
    ['another subprotocol', { ...upgradeHeaders, 'sec-websocket-protocol': 'graphql-ws' }, '/graphql', 'GET', 400],
    ['another WebSocket version', { ...upgradeHeaders, 'sec-websocket-version': '8' }, '/graphql', 'GET', 426],
    ['another path', upgradeHeaders, '/notes/1', 'GET', 404],
    ['another method', upgradeHeaders, '/graphql', 'POST', 405],
    ['a page of another site (Origin)', { ...upgradeHeaders, host: 'api.example', origin: 'https://evil.example' }, '/graphql', 'GET', 403],
    ['an opaque Origin', { ...upgradeHeaders, host: 'api.example', origin: 'null' }, '/graphql', 'GET', 403],
    ['an Origin on another port', { ...upgradeHeaders, host: 'api.example', origin: 'http://api.example:8080' }, '/graphql', 'GET', 403],
    ['an Origin of another scheme (https)', { ...upgradeHeaders, host: 'api.example', origin: 'https://api.example' }, '/graphql', 'GET', 403],
    ['an Origin of another scheme (chrome-extension)', { ...upgradeHeaders, host: 'api.example', origin: 'chrome-extension://api.example' }, '/graphql', 'GET', 403],
  ])('refuses an upgrade with %s after gate 1', async (_what, headers, path, method, status) => {
    const t = new TestOrigin();
    const peer = new Peer('x');
    const opening = await t.origin.openSocket(request(method, path, { ...t.session('bob'), ...headers }), peer);
    expect([opening.response.status, opening.socket]).toEqual([status, undefined]);
    const anonymous = await t.origin.openSocket(request(method, path, headers), peer);
    expect(anonymous.response.status).toBe(401);
  });

  it('caps the sockets one caller holds open: 429 too-many-sockets past the cap, a place again once one closes', async () => {
    const t = new TestOrigin();
    const bob = t.session('bob');
    const held = [];
    for (let i = 0; i < defaultMaxSocketsPerCaller; i++) held.push(await connect(t, bob));
    expect(held.map((h) => h.opening.response.status)).toEqual(held.map(() => 101));
    const over = await connect(t, bob);
    expect([over.opening.response.status, over.opening.socket]).toEqual([429, undefined]);
    expect(JSON.parse(over.opening.response.body!)).toMatchObject({ type: '/problems/too-many-sockets', maxSocketsPerCaller: defaultMaxSocketsPerCaller });
    expect(over.opening.response.headers['retry-after']).toBeUndefined();
    expect(t.origin.audit.records.at(-1)).toMatchObject({ decision: 'deny', status: 429 });
    // Another caller is not held back by bob's sockets.
    expect((await connect(t, t.session('alice'))).opening.response.status).toBe(101);
    held[0]!.opening.socket!.closedByClient();
    expect((await connect(t, bob)).opening.response.status).toBe(101);
    expect(t.origin.graphStats().openSockets).toBe(defaultMaxSocketsPerCaller + 1);
  });

  it('spends a message budget per socket and per caller, ping included: past it the socket is closed with 1008', async () => {
    const t = new TestOrigin();
    const bob = t.session('bob');
    const { perSocket, perCaller } = defaultMessageBudget;
    const first = await connect(t, bob);
    for (let i = 0; i < perSocket.burst; i++) await first.send({ type: 'ping' });
    expect([first.peer.messages.length, first.peer.closes]).toEqual([perSocket.burst, []]);
    // One more from the same socket, in the same instant: the socket's budget is spent.
    await first.send({ type: 'ping' });
    expect(first.peer.closes).toEqual([{ code: 1008, reason: 'Too many messages' }]);
    // Other sockets of the same caller share the caller's budget: opening more buys no more.
    const second = await connect(t, bob);
    for (let i = 0; i < perCaller.burst - perSocket.burst; i++) await second.send({ type: 'ping' });
    expect(second.peer.closes).toEqual([]);
    const third = await connect(t, bob);
    await third.send({ type: 'ping' });
    expect([third.peer.messages, third.peer.closes]).toEqual([[], [{ code: 1008, reason: 'Too many messages' }]]);
    // Another caller has a budget of its own.
    const alice = await connect(t, t.session('alice'));
    await alice.send({ type: 'ping' });
    expect(alice.peer.messages).toEqual([{ type: 'pong' }]);
  });

  it.each([
    ['no Origin (not a browser)', {}],
    ['an Origin of this host', { host: 'API.example:3000', origin: 'http://api.example:3000' }],
  ])('opens a socket for an upgrade with %s', async (_what, headers) => {
    const t = new TestOrigin();
    const opening = await t.origin.openSocket(request('GET', '/graphql', { ...t.session('bob'), ...upgradeHeaders, ...headers }), new Peer('x'));
    expect(opening.response.status).toBe(101);
  });
});

describe('subscriptions over the socket', () => {
  it('pushes each comment with exactly the requested fields, in the order they were added', async () => {
    const t = new TestOrigin();
    const bob = await subscribed(t, t.session('bob'), onComment, { postId: '9' });
    expect(bob.peer.operations).toEqual([]);
    await comment(t, t.session('alice'), 'first');
    await comment(t, t.session('carol'), 'second');
    await comment(t, t.session('alice'), 'elsewhere', '8');
    expect(bob.peer.operations).toEqual([
      { id: '1', type: 'next', payload: { data: { commentAdded: { body: 'first', author: { name: 'Alice' } } } } },
      { id: '1', type: 'next', payload: { data: { commentAdded: { body: 'second', author: { name: 'Carol' } } } } },
    ]);
    // Field-exact down to the wire: the text holds the requested keys and nothing else.
    expect(bob.peer.texts.at(-1)).toBe('{"id":"1","type":"next","payload":{"data":{"commentAdded":{"body":"second","author":{"name":"Carol"}}}}}');
  });

  it('counts the subscribe resolver once and each push\'s resolvers, so the stats stay meaningful', async () => {
    const t = new TestOrigin();
    await subscribed(t, t.session('bob'), onComment, { postId: '9' });
    const afterSubscribe = t.origin.graphStats();
    expect(afterSubscribe).toMatchObject({ resolverCalls: 1, objectsResolved: 0, activeSubscriptions: 1 });
    const mutation = new TestOrigin();
    await comment(mutation, mutation.session('alice'), 'x');
    await comment(t, t.session('alice'), 'x');
    const pushed = t.origin.graphStats();
    // The push: commentAdded, body, author, name; objects: the comment and its author.
    expect(pushed.resolverCalls - mutation.origin.graphStats().resolverCalls - afterSubscribe.resolverCalls).toBe(4);
    expect(pushed.objectsResolved - mutation.origin.graphStats().objectsResolved).toBe(2);
  });

  it('matches what graphql-js\'s own subscribe() makes of the same event', async () => {
    const t = new TestOrigin();
    const bob = await subscribed(t, t.session('bob'), onComment, { postId: '9' });
    await comment(t, t.session('alice'), 'same');

    // The same schema driven by graphql-js alone: its subscribe() maps the topic stream through execute().
    const users = new UsersStore();
    const posts = new PostsStore();
    seedDemoData(users, posts);
    const endpoint = new GraphEndpoint({ users, posts, now: () => 0 });
    const subject = { userId: 2, username: 'bob', roles: ['customer'], scopes: scopesOfRoles(['customer']), via: 'session' as const, credentialId: 's' };
    const stream = await endpoint.execute(new Guard(subject, new Policy({ orders: 'owner-check' })), (contextValue) =>
      graphqlSubscribe({ schema: graphSchema, document: parse(onComment), variableValues: { postId: '9' }, contextValue }));
    if (!(Symbol.asyncIterator in stream)) throw new Error(`expected a stream, got ${JSON.stringify(stream)}`);
    const next = stream.next();
    const added = posts.addComment(9, 1, 'same')!;
    endpoint.events.publish(commentAddedTopic(9), { kind: 'commentAdded', comment: added });
    const { value } = await next;
    await stream.return();
    expect(endpoint.events.size).toBe(0);
    expect(bob.peer.operations[0]).toEqual({ id: '1', type: 'next', payload: JSON.parse(JSON.stringify(value)) as unknown });
  });

  it('delivers one event to its subscribers in the order they subscribed', async () => {
    const t = new TestOrigin();
    const log: string[] = [];
    await subscribed(t, t.session('carol'), onComment, { postId: '9' }, 'carol', log);
    await subscribed(t, t.session('bob'), onComment, { postId: '9' }, 'bob', log);
    await subscribed(t, t.session('alice'), onComment, { postId: '9' }, 'alice', log);
    log.length = 0;
    await comment(t, t.session('alice'), 'hello');
    expect(log).toEqual(['carol next 1', 'bob next 1', 'alice next 1']);
  });

  it('stops pushing after the client\'s complete, and closing the socket leaves nothing listening', async () => {
    const t = new TestOrigin();
    const bob = await subscribed(t, t.session('bob'), onComment, { postId: '9' });
    await bob.send({ type: 'subscribe', id: '2', payload: { query: onComment, variables: { postId: '9' } } });
    await bob.send({ type: 'complete', id: '1' });
    await comment(t, t.session('alice'), 'after');
    expect(bob.peer.operations.map((m) => `${m.type} ${'id' in m ? m.id : ''}`)).toEqual(['next 2']);
    expect(t.origin.graphStats().activeSubscriptions).toBe(1);
    bob.opening.socket!.closedByClient();
    expect(t.origin.graphStats()).toMatchObject({ activeSubscriptions: 0, openSockets: 0 });
  });
});

describe('limits and gates on subscriptions', () => {
  it.each([
    ['too deep', 'subscription { commentAdded(postId: 9) { author { posts { comments { author { posts { comments { author { name } } } } } } } } }', /levels deep; the maximum depth is 7/],
    ['too costly', 'subscription { commentAdded(postId: 9) { author { posts(limit: 50) { comments(limit: 50) { body } } } } }', /estimated cost of \d+; the maximum cost is 250/],
    ['not valid', 'subscription { commentAdded(postId: 9) { body password } }', /Cannot query field "password"/],
    ['two root fields', 'subscription { a: commentAdded(postId: 9) { body } b: commentAdded(postId: 8) { body } }', /must select only one top level field/],
    ['conditional at its root', 'subscription ($b: Boolean = false) { commentAdded(postId: 9) @skip(if: $b) { body } }', /must not use `@skip` or `@include` directives in the top level selection/],
    ['not even a document', 'subscription {', /Syntax Error/],
  ])('answers a document that is %s with error, and no resolver runs', async (_what, query, message) => {
    const t = new TestOrigin();
    const bob = await subscribed(t, t.session('bob'), query);
    expect(bob.peer.operations).toHaveLength(1);
    expect(bob.peer.operations[0]).toMatchObject({ id: '1', type: 'error', payload: [{ message: expect.stringMatching(message) as unknown }] });
    expect(t.origin.graphStats()).toMatchObject({ resolverCalls: 0, objectsResolved: 0, activeSubscriptions: 0 });
    await comment(t, t.session('alice'), 'nobody hears this');
    expect(bob.peer.operations).toHaveLength(1);
    expect(bob.peer.closes).toEqual([]);
  });

  it('answers variables that do not coerce with error before any resolver', async () => {
    const t = new TestOrigin();
    const bob = await subscribed(t, t.session('bob'), onComment, { postId: { not: 'an id' } });
    expect(bob.peer.operations[0]).toMatchObject({ type: 'error', payload: [{ message: expect.stringContaining('$postId') as unknown }] });
    expect(t.origin.graphStats().resolverCalls).toBe(0);
  });

  it('refuses to subscribe without the scope reading the pushed object needs: FORBIDDEN, no subscription', async () => {
    const t = new TestOrigin();
    const bob = await subscribed(t, await t.token('bob', { scopes: ['read:users'] }), onComment, { postId: '9' });
    expect(bob.peer.operations).toEqual([
      { id: '1', type: 'error', payload: [expect.objectContaining({ message: 'Not permitted: missing scope read:posts.', extensions: { code: 'FORBIDDEN' }, path: ['commentAdded'] })] },
    ]);
    expect(t.origin.graphStats().activeSubscriptions).toBe(0);
    expect(t.origin.audit.records.at(-1)).toMatchObject({ username: 'bob', operation: 'read posts', decision: 'deny', status: 403 });
  });

  it('checks the scope before the post, so ids cannot be probed; with the scope, a missing post is NOT_FOUND', async () => {
    const t = new TestOrigin();
    const without = await subscribed(t, await t.token('bob', { scopes: ['read:users'] }), onComment, { postId: '999' });
    expect(without.peer.operations[0]).toMatchObject({ type: 'error', payload: [{ extensions: { code: 'FORBIDDEN' } }] });
    const withScope = await subscribed(t, t.session('bob'), onComment, { postId: '999' });
    expect(withScope.peer.operations[0]).toMatchObject({ type: 'error', payload: [{ message: 'No post 999.', extensions: { code: 'NOT_FOUND' } }] });
  });

  it('runs every push with the subscriber\'s own guard: a field it may not read is FORBIDDEN in that push, and never leaks', async () => {
    const t = new TestOrigin();
    const bob = await subscribed(t, await t.token('bob', { scopes: ['read:posts'] }), onComment, { postId: '9' });
    const carol = await subscribed(t, t.session('carol'), onComment, { postId: '9' });
    await comment(t, t.session('alice'), 'a secret-ish body');
    const [push] = bob.peer.operations;
    expect(push).toMatchObject({ type: 'next', payload: { data: null, errors: [{ extensions: { code: 'FORBIDDEN' }, path: ['commentAdded', 'author'] }] } });
    expect(bob.peer.texts.at(-1)).not.toContain('secret-ish');
    expect(bob.peer.texts.at(-1)).not.toContain('Alice');
    // The same event, for a subscriber who may read users, is whole.
    expect(carol.peer.operations[0]).toMatchObject({ type: 'next', payload: { data: { commentAdded: { body: 'a secret-ish body', author: { name: 'Alice' } } } } });
  });

  it('passes gate 1 again on every push: a session revoked since the upgrade closes the socket with 4401, and nothing is pushed', async () => {
    const t = new TestOrigin();
    const session = t.session('bob');
    const bob = await subscribed(t, session, onComment, { postId: '9' });
    await comment(t, t.session('alice'), 'before');
    expect((await t.send('DELETE', '/sessions/current', session)).status).toBe(204);
    await comment(t, t.session('alice'), 'after');
    expect(bob.peer.operations.map((m) => m.type)).toEqual(['next']);
    expect(bob.peer.closes).toEqual([{ code: 4401, reason: 'Unauthorized: session revoked' }]);
    expect(t.origin.graphStats()).toMatchObject({ activeSubscriptions: 0, openSockets: 0 });
  });

  it('passes gate 1 and the rate limit again on every subscribe', async () => {
    const t = new TestOrigin({ rateLimit: { burst: 3, refillPerSecond: 1 } });
    const bob = await subscribed(t, t.session('bob'), onComment, { postId: '9' });
    await bob.send({ type: 'subscribe', id: '2', payload: { query: onComment, variables: { postId: '8' } } });
    await bob.send({ type: 'subscribe', id: '3', payload: { query: onComment, variables: { postId: '7' } } });
    expect(bob.peer.operations).toEqual([
      { id: '3', type: 'error', payload: [{ message: 'Too many requests: try again in 1 s.', extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 1 } }] },
    ]);
    expect(t.origin.graphStats().activeSubscriptions).toBe(2);

    const revoked = new TestOrigin();
    const session = revoked.session('bob');
    const socket = await connect(revoked, session);
    await socket.send({ type: 'connection_init' });
    await revoked.send('DELETE', '/sessions/current', session);
    await socket.send({ type: 'subscribe', id: '1', payload: { query: onComment, variables: { postId: '9' } } });
    expect(socket.peer.closes).toEqual([{ code: 4401, reason: 'Unauthorized: session revoked' }]);
    expect(revoked.origin.graphStats().resolverCalls).toBe(0);
  });

  it('obeys the persisted-query mode: registered-only runs no free text over the socket either', async () => {
    const preloaded = '{ user(id: 1) { name } }';
    const t = new TestOrigin({ graph: { ...defaultGraphSettings, persisted: 'registered-only', preloadedQueries: [preloaded] } });
    const bob = await subscribed(t, t.session('bob'), onComment, { postId: '9' });
    expect(bob.peer.operations[0]).toMatchObject({ type: 'error', payload: [{ extensions: { code: 'PERSISTED_QUERY_ID_REQUIRED' } }] });
    const { sha256Hex } = await import('../persisted/sha256-hex.js');
    await bob.send({ type: 'subscribe', id: '2', payload: { query: '', extensions: { persistedQuery: { version: 1, sha256Hash: sha256Hex(preloaded) } } } });
    expect(bob.peer.operations.slice(1)).toMatchObject([{ id: '2', type: 'next', payload: { data: { user: { name: 'Alice' } } } }, { id: '2', type: 'complete' }]);
    expect(t.origin.graphStats().resolverCalls).toBe(2);
  });
});

describe('queries and mutations over the socket (graphql-ws carries them too)', () => {
  it('answers a query with one next, then complete', async () => {
    const t = new TestOrigin();
    const bob = await subscribed(t, t.session('bob'), '{ user(id: 2) { name } }');
    expect(bob.peer.operations).toMatchObject([{ id: '1', type: 'next', payload: { data: { user: { name: 'Bob' } } } }, { id: '1', type: 'complete' }]);
    const http = bodyOf(await t.send('POST', '/graphql', t.session('bob'), { query: '{ user(id: 2) { name } }' }));
    // The same data, and the same cost report beside it as over HTTP (the budget's remainder differs: two charges).
    const next = bob.peer.operations[0]!;
    expect(next).toMatchObject({ id: '1', type: 'next', payload: { data: http.data } });
    expect(Object.keys(next.type === 'next' ? next.payload : {})).toEqual(Object.keys(http));
  });

  it('runs a mutation once: its own answer leaves before the pushes it causes', async () => {
    const t = new TestOrigin();
    const log: string[] = [];
    await subscribed(t, t.session('carol'), onComment, { postId: '9' }, 'carol', log);
    const alice = await connect(t, t.session('alice'), 'alice', log);
    await alice.send({ type: 'connection_init' });
    log.length = 0;
    await alice.send({ type: 'subscribe', id: 'm', payload: { query: addComment, variables: { postId: '9', body: 'over the socket' } } });
    expect(log).toEqual(['alice next m', 'alice complete m', 'carol next 1']);
    expect(t.origin.state().posts.comments.filter((c) => c.body === 'over the socket')).toHaveLength(1);
  });
});
