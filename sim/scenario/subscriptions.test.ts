import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../../src/http/message.js';
import { jsonSummary } from '../../api/cli/render/json-summary.js';
import { renderSummary, renderTimeline } from '../../api/cli/render/timeline.js';
import type { SubscriptionRecord } from '../nodes/graph-socket-client.js';
import { addCommentMutation, commentAddedSubscription, tooDeepSubscription, watchedPostId } from './builtin/graph-subscriptions.js';
import { builtin } from './resolve.js';
import { runScenario } from './run.js';
import { parseScenario, ScenarioError, type ScenarioInput } from './spec.js';

const run = async (name: string, seed = 1) => runScenario(name, builtin(name, seed).spec, { seed });
const runSpec = async (input: ScenarioInput, seed = 1) => runScenario('test', parseScenario(input), { seed });

/** The timing model's numbers (DESIGN.md), written out so the arithmetic below reads as the model does. */
const wanOneWayUs = 60_000;
const usPerByte = 4; // 2 Mbit/s
const originUs = 15_000;

const nextText = (id: string, body: string, author: string) =>
  JSON.stringify({ id, type: 'next', payload: { data: { commentAdded: { body, author: { name: author } } } } });

const nexts = (record: SubscriptionRecord | undefined) => (record?.received ?? []).filter((m) => m.type === 'next');

describe('graph-subscription: pushes over the simulated link', () => {
  it('delivers a next of N bytes exactly when the timing model says', async () => {
    const result = await run('graph-subscription');
    const [bob] = result.subscriptions;
    // Alice's first mutation leaves at 400 ms; it reaches the origin after its own transmission and the WAN,
    // takes the origin's 15 ms, and the push leaves with its response: then the LAN (no delay, unlimited) and
    // bob's WAN, where it waits for nothing and takes N bytes × 4 µs plus 60 ms.
    const mutationBytes = utf8Bytes(JSON.stringify({ query: addCommentMutation, variables: { postId: watchedPostId, body: 'Nice post, Bob!' } }));
    const pushText = nextText('1', 'Nice post, Bob!', 'Alice');
    const pushBytes = utf8Bytes(pushText);
    const processedUs = 400_000 + mutationBytes * usPerByte + wanOneWayUs + originUs;
    const expectedUs = processedUs + pushBytes * usPerByte + wanOneWayUs;
    expect(nexts(bob)[0]).toEqual({ atUs: expectedUs, type: 'next', id: '1', bytes: pushBytes, payload: (JSON.parse(pushText) as { payload: unknown }).payload });
    // 536.084 ms for the 113-byte push: 60.632 + 15 + 60.452 after alice sent.
    expect([pushBytes, expectedUs]).toEqual([113, 536_084]);
    // The trace agrees, at every hop.
    const frames = result.trace.events.filter((e) => e.method === 'WS' && e.note === 'next 1' && e.exchangeId === bob!.connection);
    expect(frames.map((e) => [e.kind, e.from, e.to, e.atUs, e.bytes])).toEqual([
      ['send', 'origin', 'cache', processedUs, pushBytes], ['deliver', 'origin', 'cache', processedUs, pushBytes],
      ['pass', 'cache', 'cache', processedUs, pushBytes], ['send', 'cache', 'bob', processedUs, pushBytes],
      ['deliver', 'cache', 'bob', expectedUs, pushBytes],
      ...[['send', 'origin', 'cache'], ['deliver', 'origin', 'cache'], ['pass', 'cache', 'cache'], ['send', 'cache', 'bob'], ['deliver', 'cache', 'bob']]
        .map(([kind, from, to]) => [kind, from, to, expect.any(Number) as unknown, utf8Bytes(nextText('1', 'One more thought.', 'Alice'))]),
    ]);
  });

  it('gives bob exactly the fields he asked for, once per comment, and completes when he says', async () => {
    const result = await run('graph-subscription');
    const [bob] = result.subscriptions;
    expect(nexts(bob).map((m) => m.payload)).toEqual([
      { data: { commentAdded: { body: 'Nice post, Bob!', author: { name: 'Alice' } } } },
      { data: { commentAdded: { body: 'One more thought.', author: { name: 'Alice' } } } },
    ]);
    expect(bob).toMatchObject({ outcome: 'completed', handshakeStatus: 101, id: '1' });
    expect(bob!.sent.map((m) => [m.type, m.atUs])).toEqual([['subscribe', bob!.subscribedUs], ['complete', 1_000_000]]);
    expect(result.summary.map((x) => x.status)).toEqual([200, 200]);
  });

  it('opens the socket the way the model says: upgrade, connection_init, ack, then subscribe', async () => {
    const result = await run('graph-subscription');
    const [bob] = result.subscriptions;
    const initBytes = utf8Bytes('{"type":"connection_init"}');
    const ackBytes = utf8Bytes('{"type":"connection_ack"}');
    const upgradedUs = 2 * wanOneWayUs + originUs; // a bodiless GET and a bodiless 101
    const ackedUs = upgradedUs + initBytes * usPerByte + wanOneWayUs + originUs + ackBytes * usPerByte + wanOneWayUs;
    expect(bob!.subscribedUs).toBe(ackedUs);
    expect(result.originFrames).toBe(4); // connection_init, subscribe, complete, close
  });

  it('queues frames on a line like any message: two pushes to one socket leave one after the other', async () => {
    const result = await runSpec({
      steps: [{ client: 'alice', atUs: 400_000, method: 'POST', path: '/graphql', body: { query: addCommentMutation, variables: { postId: '9', body: 'both hear it' } } }],
      subscriptions: [0, 0].map(() => ({ client: 'bob', atUs: 0, query: commentAddedSubscription, variables: { postId: '9' } })),
    });
    const [first, second] = result.subscriptions;
    expect([first!.connection, first!.id, second!.id]).toEqual([second!.connection, '1', '2']);
    const a = nexts(first)[0]!;
    const b = nexts(second)[0]!;
    expect(b.atUs - a.atUs).toBe(b.bytes * usPerByte);
    expect(result.subscriptions.every((s) => s.outcome === 'active')).toBe(true);
  });

  it('passes the upgrade and every frame through the cache, and stores none of them', async () => {
    const result = await run('graph-subscription');
    expect(result.cache).toEqual({ hits: 0, misses: 0, stores: 0, invalidations: 0, revalidations: 0 });
    const atCache = result.trace.events.filter((e) => e.from === 'cache' && e.to === 'cache');
    expect(atCache.every((e) => e.kind === 'pass')).toBe(true);
    const passed = atCache.map((e) => (e.method === 'WS' ? e.note : `${e.status === 0 ? '' : `${e.status} `}${e.method} ${e.path}`));
    expect(passed).toEqual([
      'GET /graphql', '101 GET /graphql', 'connection_init', 'connection_ack', 'subscribe 1', 'next 1', 'next 1', 'complete 1', 'close 1000',
    ]);
  });

  it('renders frames readably in the timeline and lists what each subscription received', async () => {
    const result = await run('graph-subscription');
    const timeline = renderTimeline(result.trace.events, result.exchanges);
    expect(timeline).toMatch(/536\.084 {2}arrive {2}cache → bob {8}ws1 {7}WS next 1 +113 {2}\n/);
    expect(timeline).toMatch(/pass {4}cache {14}ws1 {7}WS subscribe 1 +\d+ {2}passed through, never stored/);
    const summary = renderSummary(result, 'replay');
    expect(summary).toContain('1. bob  socket #1  id 1  subscription OnComment: completed by the client');
    expect(summary).toMatch(/536\.084 ms {2}next 1 +113 B {2}\{"data":\{"commentAdded":\{"body":"Nice post, Bob!"/);
    const json = jsonSummary(result);
    expect(json.subscriptions[0]).toMatchObject({ outcome: 'completed', received: [{ atMs: 536.084, type: 'next', id: '1', bytes: 113 }, { type: 'next' }] });
  });

  it('replays to the same trace hash from the same seed', async () => {
    for (const name of ['graph-subscription', 'graph-subscription-rejected', 'graph-subscription-field-forbidden', 'graph-subscription-revoked']) {
      const a = await runScenario(name, builtin(name, 7).spec, { seed: 7, trace: 'hash' });
      const b = await runScenario(name, builtin(name, 7).spec, { seed: 7, trace: 'full' });
      expect(a.traceHash, name).toBe(b.traceHash);
      expect(b.trace.events.some((e) => e.method === 'WS')).toBe(true);
    }
  });
});

describe('limits and gates in the subscription scenarios', () => {
  it('graph-subscription-rejected: too deep is refused before execution, a token without read:posts is FORBIDDEN, and neither hears anything', async () => {
    const result = await run('graph-subscription-rejected');
    const [deep, narrowed] = result.subscriptions;
    expect(deep).toMatchObject({ outcome: 'error', received: [{ type: 'error', payload: [{ message: 'Subscription "Deep" is 9 levels deep; the maximum depth is 7.' }] }] });
    expect(narrowed).toMatchObject({ outcome: 'error', received: [{ type: 'error', payload: [{ extensions: { code: 'FORBIDDEN' }, path: ['commentAdded'] }] }] });
    expect(result.summary[0]!.status).toBe(200);
    expect(result.audit.denied).toBe(2);
  });

  it('runs no resolver for the document over the depth limit; the one refused by gate 2 ran only its subscribe', async () => {
    const deepOnly = await runSpec({ steps: [{ method: 'GET', path: '/notes/1' }], subscriptions: [{ client: 'carol', atUs: 0, query: tooDeepSubscription }] });
    expect(deepOnly.subscriptions[0]!.outcome).toBe('error');
    expect(deepOnly.graph).toMatchObject({ resolverCalls: 0, objectsResolved: 0, activeSubscriptions: 0, openSockets: 0 });
    const rejected = await run('graph-subscription-rejected');
    // bob's subscribe resolver (refused), then alice's addComment and its id: nothing pushed to anyone.
    expect(rejected.graph).toMatchObject({ resolverCalls: 3, objectsResolved: 1, activeSubscriptions: 0 });
  });

  it('graph-subscription-field-forbidden: each push runs under the subscriber\'s own gate 2 and leaks nothing', async () => {
    const result = await run('graph-subscription-field-forbidden');
    const [bob] = result.subscriptions;
    expect(nexts(bob)).toHaveLength(1);
    expect(nexts(bob)[0]!.payload).toMatchObject({ data: null, errors: [{ extensions: { code: 'FORBIDDEN' }, path: ['commentAdded', 'author'] }] });
    expect(JSON.stringify(nexts(bob)[0]!.payload)).not.toContain('Nice post');
  });

  it('graph-subscription-revoked: the push after bob logs out closes his socket with 4401 and carries nothing', async () => {
    const result = await run('graph-subscription-revoked');
    const [bob] = result.subscriptions;
    expect(nexts(bob)).toHaveLength(1);
    expect(bob).toMatchObject({ outcome: 'closed', close: { code: 4401, reason: 'Unauthorized: session revoked' } });
    expect(result.summary.map((x) => x.status)).toEqual([200, 204, 200]);
  });
});

describe('frames and faults', () => {
  it('frames are never lost or repeated (TCP), while the upgrade is an HTTP exchange the line can lose', async () => {
    const result = await runSpec({
      modes: { line: 'unstable' },
      steps: [{ client: 'alice', atUs: 1_000_000, method: 'POST', path: '/graphql', body: { query: addCommentMutation, variables: { postId: '9', body: 'late' } } }],
      subscriptions: [{ client: 'bob', atUs: 0, query: commentAddedSubscription, variables: { postId: '9' }, untilUs: 2_000_000 }],
    });
    const [bob] = result.subscriptions;
    const upgrade = result.trace.events.filter((e) => e.method === 'GET' && e.path === '/graphql' && e.from === 'cache' && e.to === 'bob');
    expect(upgrade.map((e) => [e.kind, e.attempt])).toEqual([['send', 1], ['drop', 1], ['send', 2], ['deliver', 2]]);
    expect(bob).toMatchObject({ outcome: 'completed', handshakeStatus: 101 });
    expect(nexts(bob).map((m) => m.payload)).toEqual([{ data: { commentAdded: { body: 'late', author: { name: 'Alice' } } } }]);
    expect(result.trace.events.filter((e) => e.method === 'WS' && e.kind === 'drop')).toEqual([]);
  });

  it('refuses the upgrade with 401 for a credential gate 1 does not accept: no socket, no subscribe sent', async () => {
    const result = await runSpec({
      steps: [{ method: 'GET', path: '/notes/1' }],
      subscriptions: [{ client: 'eve', auth: 'unknown-session', atUs: 0, query: commentAddedSubscription, variables: { postId: '9' } }],
    });
    expect(result.subscriptions[0]).toMatchObject({ outcome: 'refused', handshakeStatus: 401, id: undefined, sent: [] });
    expect(result.trace.events.filter((e) => e.method === 'WS')).toEqual([]);
  });

  it('cancels a subscription whose untilUs comes before its socket is ready, and closes the socket unused', async () => {
    const result = await runSpec({
      steps: [{ method: 'GET', path: '/notes/1' }],
      subscriptions: [{ client: 'bob', atUs: 0, untilUs: 100_000, query: commentAddedSubscription, variables: { postId: '9' } }],
    });
    expect(result.subscriptions[0]!.outcome).toBe('cancelled');
    expect(result.trace.events.filter((e) => e.method === 'WS' && e.kind === 'send').map((e) => e.note)).toEqual(['close 1000', 'close 1000']);
  });
});

describe('the subscriptions section of a scenario file', () => {
  const base = { steps: [{ method: 'GET', path: '/notes/1' }] };
  const errorOf = (subscriptions: unknown[]): string => {
    try {
      parseScenario({ ...base, subscriptions }, 'my.json');
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioError);
      return (error as Error).message;
    }
    throw new Error('expected the scenario to be refused');
  };

  it('defaults to none', () => {
    expect(parseScenario(base).subscriptions).toEqual([]);
  });

  it.each([
    [[{ client: 'bob', atUs: 0, query: 'q', until: 5 }], 'my.json: subscriptions[0]: unknown field "until"'],
    [[{ client: 'bob', query: 'q' }], 'my.json: subscriptions[0].atUs: Invalid input: expected number, received undefined'],
    [[{ client: 'bob', atUs: 10, untilUs: 10, query: 'q' }], 'my.json: subscriptions[0].untilUs: must be later than atUs, got 10'],
    [[{ client: 'Bob', atUs: 0, query: 'q' }], 'my.json: subscriptions[0].client: must be a lower-case name like "bob", got "Bob"'],
    [[{ client: 'bob', atUs: 0, query: '' }], 'my.json: subscriptions[0].query:'],
    [[{ client: 'bob', atUs: 0, query: 'q', auth: 'token:bob[admin]' }], 'my.json: subscriptions[0].auth: must be "none"'],
  ])('refuses %j', (subscriptions, expected) => {
    expect(errorOf(subscriptions)).toContain(expected);
  });

  it('accepts a narrowed token and refuses at run time one wider than the account\'s roles', async () => {
    expect(parseScenario({ ...base, subscriptions: [{ client: 'bob', auth: 'token:bob[read:users read:posts]', atUs: 0, query: 'q' }] }).subscriptions[0]!.auth)
      .toBe('token:bob[read:users read:posts]');
    await expect(runSpec({ ...base, auth: 'token:sam[write:orders]' })).rejects.toThrow(/asks for write:orders, which sam's roles do not grant/);
  });
});
