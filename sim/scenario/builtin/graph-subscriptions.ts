import type { BuiltinScenario } from '../builtin-scenario.js';

/** Bob's newest post, which has no comments yet: every comment on it in a run is one this run added. */
export const watchedPostId = '9';

/** What bob's subscription asks for each new comment: its body and its author's name, nothing else. */
export const commentAddedSubscription = 'subscription OnComment($postId: ID!) { commentAdded(postId: $postId) { body author { name } } }';

export const addCommentMutation = 'mutation Add($postId: ID!, $body: String!) { addComment(postId: $postId, body: $body) { id } }';

/** Ten fields deep (commentAdded, author, posts, comments, ...): over the depth limit of 7. */
export const tooDeepSubscription =
  'subscription Deep { commentAdded(postId: 9) { author { posts { comments { author { posts { comments { author { name } } } } } } } } }';

const addComment = (client: string, atUs: number, body: string) => ({
  client, atUs, method: 'POST', path: '/graphql', body: { query: addCommentMutation, variables: { postId: watchedPostId, body } },
});

const watch = (client: string, auth: string | undefined, atUs: number, untilUs?: number) => ({
  client, ...(auth === undefined ? {} : { auth }), atUs, query: commentAddedSubscription, variables: { postId: watchedPostId }, ...(untilUs === undefined ? {} : { untilUs }),
});

export const graphSubscriptionScenarios: readonly BuiltinScenario[] = [
  {
    name: 'graph-subscription',
    summary: 'Bob subscribes over a WebSocket to comments on his post; alice comments twice by mutation; bob gets two pushes with exactly his fields, then completes.',
    build: () => ({
      steps: [addComment('alice', 400_000, 'Nice post, Bob!'), addComment('alice', 700_000, 'One more thought.')],
      subscriptions: [watch('bob', undefined, 0, 1_000_000)],
      expect: { statuses: [200, 200] },
    }),
  },
  {
    name: 'graph-subscription-rejected',
    summary: 'Limits and gates apply to subscriptions: one too deep gets error before any resolver runs, one whose token lacks read:posts gets FORBIDDEN; neither hears alice\'s comment.',
    build: () => ({
      steps: [addComment('alice', 600_000, 'Is anyone listening?')],
      subscriptions: [
        { client: 'carol', atUs: 0, query: tooDeepSubscription },
        watch('bob', 'token:bob[read:users]', 0),
      ],
      expect: { statuses: [200] },
    }),
  },
  {
    name: 'graph-subscription-field-forbidden',
    summary: 'Gate 2 on every push: bob\'s token may read posts but not users, so each push has FORBIDDEN at author and no data (author is non-null); nothing leaks.',
    build: () => ({
      steps: [addComment('alice', 400_000, 'Nice post, Bob!')],
      subscriptions: [watch('bob', 'token:bob[read:posts]', 0, 800_000)],
      expect: { statuses: [200] },
    }),
  },
  {
    name: 'graph-subscription-revoked',
    summary: 'Gate 1 on every push: bob logs out while subscribed; alice\'s next comment closes his socket with 4401 instead of reaching him.',
    build: () => ({
      steps: [
        addComment('alice', 400_000, 'Nice post, Bob!'),
        { client: 'bob', atUs: 600_000, method: 'DELETE', path: '/sessions/current' },
        addComment('alice', 800_000, 'Still there?'),
      ],
      subscriptions: [watch('bob', undefined, 0)],
      expect: { statuses: [200, 204, 200] },
    }),
  },
];
