import { describe, expect, it } from 'vitest';
import { request } from '../../http/message.js';
import type { OriginSettings } from '../../origin.js';
import { PostsStore } from '../../posts/store.js';
import { noRateLimit } from '../../rate-limit/token-bucket.js';
import { TestOrigin } from '../../testing-kit.js';
import { defaultGraphSettings } from '../endpoint.js';
import type { SocketPeer } from './connection.js';
import { EventHub } from './event-hub.js';
import { commentAddedTopic, endsCommentStream, type GraphEvent } from './graph-events.js';
import type { ServerMessage } from './protocol.js';
import { TopicStream } from './topic-stream.js';
import { upgradeHeaders } from './upgrade.js';

const onComment = 'subscription OnComment($postId: ID!) { commentAdded(postId: $postId) { body author { name } } }';
const addComment = 'mutation Add($postId: ID!, $body: String!) { addComment(postId: $postId, body: $body) { id } }';

/** An origin whose caller budgets hold `maximumAvailable` points; the test clock stands still, so nothing refills. */
function originWithBudget(maximumAvailable: number): TestOrigin {
  const graph = { ...defaultGraphSettings, costBudget: { maximumAvailable, restoreRate: 1 } };
  // No request rate limit: the commenter's 30-request burst is not what these tests are about.
  return new TestOrigin({ graph, rateLimit: noRateLimit } satisfies Partial<OriginSettings>);
}

async function settle(t: TestOrigin): Promise<void> {
  for (let s = t.origin.socketMessagesSettled(); s !== undefined; s = t.origin.socketMessagesSettled()) await s;
}

/** A socket of `credential`, acknowledged, with subscription `1` on `postId`; what the server says lands in `messages`. */
async function subscribe(t: TestOrigin, credential: Record<string, string>, postId: string) {
  const messages: ServerMessage[] = [];
  const closes: number[] = [];
  const peer: SocketPeer = { send: (_text, message) => messages.push(message), close: (code) => closes.push(code) };
  const { socket } = await t.origin.openSocket(request('GET', '/graphql', { ...credential, ...upgradeHeaders }), peer);
  await socket!.receive(JSON.stringify({ type: 'connection_init' }));
  await socket!.receive(JSON.stringify({ type: 'subscribe', id: '1', payload: { query: onComment, variables: { postId } } }));
  await settle(t);
  return { messages, closes, operations: () => messages.filter((m) => m.type !== 'connection_ack') };
}

async function comment(t: TestOrigin, who: Record<string, string>, body: string, postId: string) {
  const res = await t.send('POST', '/graphql', who, { query: addComment, variables: { postId, body } });
  await settle(t);
  return res;
}

/** What one admission of `onComment` costs: read from the cost report of the subscribe itself. */
async function subscriptionCost(): Promise<number> {
  const t = originWithBudget(1000);
  await subscribe(t, t.session('bob'), '9');
  const res = await t.send('POST', '/graphql', t.session('bob'), { query: '{ user(id: 2) { name } }' });
  const left = (JSON.parse(res.body!) as { extensions: { cost: { requestedQueryCost: number; throttleStatus: { currentlyAvailable: number } } } }).extensions.cost;
  return 1000 - left.throttleStatus.currentlyAvailable - left.requestedQueryCost;
}

describe('each push is charged to the subscriber\'s cost budget', () => {
  it('charges every delivered push the subscription\'s estimate, to the subscriber, not to the commenter', async () => {
    const cost = await subscriptionCost();
    expect(cost).toBeGreaterThan(0);
    const t = originWithBudget(1000);
    const bob = t.session('bob');
    await subscribe(t, bob, '9');
    await comment(t, t.session('alice'), 'one', '9');
    await comment(t, t.session('alice'), 'two', '9');
    const probe = await t.send('POST', '/graphql', bob, { query: '{ user(id: 2) { name } }' });
    const report = (JSON.parse(probe.body!) as { extensions: { cost: { requestedQueryCost: number; throttleStatus: { currentlyAvailable: number } } } }).extensions.cost;
    // The subscribe, two pushes, and the probe itself.
    expect(report.throttleStatus.currentlyAvailable).toBe(1000 - 3 * cost - report.requestedQueryCost);
  });

  it('ends the subscription with a THROTTLED error saying when the budget refills, once a push cannot be paid', async () => {
    const cost = await subscriptionCost();
    // Room for the subscribe and two pushes; the third push finds the budget short.
    const t = originWithBudget(3 * cost + 1);
    const bob = await subscribe(t, t.session('bob'), '9');
    for (const body of ['one', 'two', 'three', 'four']) expect((await comment(t, t.session('alice'), body, '9')).status).toBe(200);
    const ops = bob.operations();
    expect(ops.map((m) => m.type)).toEqual(['next', 'next', 'error']);
    const error = ops[2]!;
    if (error.type !== 'error') throw new Error('expected an error');
    expect(error.payload[0]!.message).toMatch(new RegExp(`each push of this subscription costs ${cost} points and 1 are available, restored at 1 a second; the subscription ends here\\. Subscribe again in \\d+ s\\.`));
    expect(error.payload[0]!.extensions).toMatchObject({ code: 'THROTTLED', retryAfterSeconds: cost - 1, cost: { requestedQueryCost: cost } });
    // The subscription is over (no `complete` after an `error`), the socket goes on.
    expect(t.origin.graphStats().activeSubscriptions).toBe(0);
    expect(bob.closes).toEqual([]);
    const refusals = t.origin.audit.records.filter((r) => r.reason === 'push refused: cost budget exhausted');
    expect(refusals).toEqual([expect.objectContaining({ username: 'bob', decision: 'deny', status: 429 })]);
  });

  it('charges nothing when the budget is off (maximumAvailable Infinity, as --rate-limit off sets it)', async () => {
    const cost = await subscriptionCost();
    const pushes = Math.ceil(1000 / cost) + 10;
    const t = originWithBudget(Infinity);
    const bob = await subscribe(t, t.session('bob'), '9');
    // More pushes than the default budget of 1000 points could pay for.
    for (let i = 0; i < pushes; i++) await comment(t, t.session('alice'), `c${i}`, '9');
    expect(bob.operations().map((m) => m.type)).toEqual(Array.from({ length: pushes }, () => 'next'));
  });
});

describe('a subscription ends when its post is deleted', () => {
  it('sends complete to each subscriber of the author\'s posts when the author is deleted (DELETE /users/{id}), after the pushes before it', async () => {
    const t = new TestOrigin();
    const alice = t.session('alice');
    const carol = await subscribe(t, t.session('carol'), '1');
    const bob = await subscribe(t, t.session('bob'), '3');
    const onOther = await subscribe(t, t.session('sam'), '9');
    await comment(t, alice, 'last words', '1');
    const deleted = await t.send('DELETE', '/users/1', alice);
    await settle(t);
    expect(deleted.status).toBe(204);
    expect(carol.operations()).toEqual([
      { id: '1', type: 'next', payload: { data: { commentAdded: { body: 'last words', author: { name: 'Alice' } } } } },
      { id: '1', type: 'complete' },
    ]);
    expect(bob.operations()).toEqual([{ id: '1', type: 'complete' }]);
    // A post of another author is untouched.
    expect(onOther.operations()).toEqual([]);
    expect(t.origin.graphStats().activeSubscriptions).toBe(1);
    expect([carol.closes, bob.closes]).toEqual([[], []]);
  });

  it('refuses a subscription to a post that does not exist (any more) with NOT_FOUND', async () => {
    const t = new TestOrigin();
    expect((await t.send('DELETE', '/users/1', t.session('alice'))).status).toBe(204);
    const carol = await subscribe(t, t.session('carol'), '1');
    expect(carol.operations()).toEqual([{ id: '1', type: 'error', payload: [expect.objectContaining({ message: 'No post 1.', extensions: { code: 'NOT_FOUND' } })] }]);
    expect(t.origin.graphStats().activeSubscriptions).toBe(0);
  });

  it('stops hearing the posts store once the process halts (a crash): a later deletion publishes nothing', () => {
    const posts = new PostsStore();
    const heard: (readonly number[])[] = [];
    const stop = posts.onPostsRemoved((ids) => heard.push(ids));
    posts.addPost(1, 'a');
    posts.addPost(2, 'b');
    posts.addPost(1, 'c');
    posts.removeAuthor(1);
    stop();
    posts.removeAuthor(2);
    expect(heard).toEqual([[1, 3]]);
  });

  it('ends graphql-js\'s own iterator on the post\'s deletion too, after the events before it', async () => {
    const hub = new EventHub<GraphEvent>();
    const iterator = new TopicStream(hub, commentAddedTopic(1), endsCommentStream)[Symbol.asyncIterator]();
    const comment = { id: 1, postId: 1, authorId: 2, body: 'x' };
    hub.publish(commentAddedTopic(1), { kind: 'commentAdded', comment });
    hub.publish(commentAddedTopic(1), { kind: 'postDeleted', postId: 1 });
    expect(await iterator.next()).toEqual({ value: { kind: 'commentAdded', comment }, done: false });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(hub.size).toBe(0);
  });
});
