import { nestedSampleQuery } from '../../sim/scenario/builtin/graph.js';
import { addCommentMutation, commentAddedSubscription } from '../../sim/scenario/builtin/graph-subscriptions.js';
import { builtin, type ResolvedScenario } from '../../sim/scenario/resolve.js';
import { parseScenario, type ScenarioInput } from '../../sim/scenario/spec.js';

/** A scenario script both the simulator and the real sockets run. */
export type AgreementScript = ResolvedScenario;

/**
 * Built-in scenarios on a stable line whose outcome does not depend on how much time passes between steps
 * (no `atUs` waits for expiry, no cost budget run dry by the clock): the real run takes milliseconds where
 * the simulated one takes virtual seconds.
 */
const builtinNames = [
  'notes-stable-put', 'notes-stable-delete', 'notes-stable-post', 'notes-stable-post-keyed',
  'notes-cache-hit', 'notes-cache-write-then-read',
  'orders-owner-check', 'orders-login-only', 'orders-support-role', 'orders-no-credential',
  'orders-revoked-session-vs-token', 'orders-session-vs-token', 'orders-sequential-probe',
  'graph-nested-post', 'graph-partial-failure', 'graph-invalid-field', 'graph-persisted-get',
  'graph-depth-rejection', 'graph-cost-rejection',
  'graph-subscription', 'graph-subscription-rejected', 'graph-subscription-field-forbidden', 'graph-subscription-revoked',
] as const;

const json = { 'content-type': 'application/json' };
const note = (content: string) => ({ content });

/** What the built-ins leave out: repeats, replays, bad input, HEAD, users and posts, logins, GET queries. */
const ownScripts: Readonly<Record<string, ScenarioInput>> = {
  'agreement-notes-tour': {
    steps: [
      { method: 'PUT', path: '/notes/1', body: note('first') },
      { method: 'PUT', path: '/notes/1', body: note('first') },
      { method: 'HEAD', path: '/notes/1' },
      { method: 'GET', path: '/notes/1' },
      { method: 'POST', path: '/notes', headers: { 'Idempotency-Key': '"k-1"' }, body: note('once') },
      { method: 'POST', path: '/notes', headers: { 'Idempotency-Key': '"k-1"' }, body: note('once') },
      { method: 'POST', path: '/notes', headers: { 'Idempotency-Key': '"k-1"' }, body: note('other body') },
      { method: 'POST', path: '/notes', body: note('no key') },
      { method: 'DELETE', path: '/notes/1' },
      { method: 'DELETE', path: '/notes/1' },
      { method: 'GET', path: '/notes/1' },
      { method: 'OPTIONS', path: '/notes/2' },
      { method: 'PATCH', path: '/notes/2', body: note('x') },
      { method: 'PUT', path: '/notes/3', headers: json, rawBody: '{"content": ' },
      { method: 'PUT', path: '/notes/3', headers: { 'content-type': 'text/plain' }, rawBody: 'hello' },
      { method: 'PUT', path: '/notes/3', body: note('é ✓ 😀 \u0000') },
      { method: 'PUT', path: '/notes/4', body: note('x'.repeat(70_000)) },
      { method: 'GET', path: '/nowhere' },
    ],
  },
  'agreement-keys-required': {
    modes: { idempotencyKey: 'required' },
    steps: [
      { method: 'POST', path: '/notes', body: note('no key') },
      { method: 'POST', path: '/notes', headers: { 'Idempotency-Key': '"k-2"' }, body: note('keyed') },
    ],
  },
  'agreement-users-posts': {
    steps: [
      { client: 'alice', method: 'GET', path: '/users?limit=2' },
      { client: 'alice', method: 'GET', path: '/users/2' },
      { client: 'alice', method: 'GET', path: '/users/1/posts?limit=2' },
      { client: 'alice', method: 'GET', path: '/posts/1/comments' },
      { client: 'alice', method: 'PATCH', path: '/users/1', headers: { 'content-type': 'application/merge-patch+json' }, body: { bio: null } },
      { client: 'alice', method: 'PUT', path: '/users/2', body: { name: 'Mallory', email: 'm@example.com' } },
      { client: 'alice', method: 'POST', path: '/users', body: { name: 'Dave', email: 'dave@example.com' } },
      // Alice's steps are done long before: the socket run sends steps one at a time, in simulated order.
      { client: 'bob', method: 'DELETE', path: '/users/1', atUs: 10_000_000 },
      { client: 'bob', method: 'DELETE', path: '/users/2' },
      { client: 'alice', method: 'GET', path: '/users/2/posts' },
    ],
  },
  'agreement-login': {
    auth: 'none',
    steps: [
      { method: 'POST', path: '/sessions', body: { username: 'alice', password: 'alice-pw' } },
      { method: 'POST', path: '/sessions', body: { username: 'alice', password: 'wrong' } },
      { method: 'POST', path: '/tokens', body: { username: 'bob', password: 'bob-pw', scope: 'read:orders' } },
      { method: 'POST', path: '/tokens', body: { username: 'sam', password: 'sam-pw', scope: 'write:orders' } },
      { method: 'GET', path: '/sessions' },
      { method: 'DELETE', path: '/sessions/current', auth: 'token:bob' },
      { method: 'GET', path: '/orders', auth: 'token:bob[read:orders]' },
      { method: 'GET', path: '/orders/123', auth: 'token:bob[read:users]' },
    ],
  },
  'agreement-graph': {
    auth: 'token:alice',
    steps: [
      { method: 'GET', path: `/graphql?query=${encodeURIComponent('{ user(id: 2) { name posts(limit: 1) { title } } }')}` },
      { method: 'POST', path: '/graphql', body: { query: 'mutation { addComment(postId: 9, body: "First!") { body author { name } } }' } },
      { method: 'POST', path: '/graphql', body: { query: nestedSampleQuery, variables: { id: '2', limit: 2 } } },
      { method: 'POST', path: '/graphql', headers: { 'content-type': 'text/plain' }, rawBody: '{"query":"{ user(id: 1) { name } }"}' },
      { method: 'PUT', path: '/graphql', body: { query: '{ user(id: 1) { name } }' } },
    ],
  },
};

const comment = (client: string, atUs: number, postId: string, body: string) => ({
  client, atUs, method: 'POST', path: '/graphql', body: { query: addCommentMutation, variables: { postId, body } },
});
const watch = (client: string, postId: string, atUs: number, untilUs?: number) => ({
  client, atUs, query: commentAddedSubscription, variables: { postId }, ...(untilUs !== undefined && { untilUs }),
});

/** Subscriptions the built-ins leave out: their server-side endings. */
const subscriptionScripts: Readonly<Record<string, ScenarioInput>> = {
  // Carol listens to alice's post 1 and bob to her post 3; alice comments, then deletes herself and with her
  // the posts: both get complete, carol after her push. Sam's subscription on bob's post 9 goes on.
  'agreement-subscription-post-deleted': {
    steps: [comment('alice', 400_000, '1', 'last words'), { client: 'alice', atUs: 700_000, method: 'DELETE', path: '/users/1' }, comment('bob', 1_000_000, '9', 'still here')],
    subscriptions: [watch('carol', '1', 0), watch('bob', '3', 0), watch('sam', '9', 0, 1_500_000)],
  },
  // A budget that pays for the subscribe and one push, restored too slowly to matter in either run: the
  // second push ends the subscription with THROTTLED, the third comment reaches nobody.
  'agreement-subscription-budget': {
    graph: { costBudget: { maximumAvailable: 5, restoreRate: 0.001 } },
    steps: [comment('alice', 400_000, '9', 'one'), comment('alice', 700_000, '9', 'two'), comment('alice', 1_000_000, '9', 'three')],
    subscriptions: [watch('bob', '9', 0)],
  },
};

/** Every script, built-ins first; the specs are parsed here, as `npm run sim` parses its scenarios. */
export function agreementScripts(seed: number): readonly AgreementScript[] {
  const builtins = builtinNames.map((name) => builtin(name, seed));
  const own = Object.entries({ ...ownScripts, ...subscriptionScripts }).map(([name, input]) => ({ name, spec: parseScenario(input, name) }));
  return [...builtins, ...own];
}
