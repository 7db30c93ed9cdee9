import { pathToFileURL } from 'node:url';
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';

/**
 * A GraphQL subscription on real sockets, made with graphql-ws's own client: bob listens to comments on his
 * post 9, alice comments twice by mutation (plain HTTP POSTs), and bob's client prints each `next` push,
 * then completes. The simulator's `graph-subscription` scenario, against `npm start`:
 *
 *   npm start                                   # in one terminal
 *   npx tsx server/subscribe-tour.ts            # in another; or pass the origin's URL
 */
export async function commentTour(originUrl: string, print: (line: string) => void): Promise<readonly unknown[]> {
  const bob = await sessionCookie(originUrl, 'bob');
  const alice = await sessionCookie(originUrl, 'alice');
  const url = `${originUrl.replace(/^http/, 'ws')}/graphql`;
  // The upgrade passes gate 1 like any request, so it carries bob's cookie; graphql-ws's client builds its
  // socket from the URL and subprotocol only, hence the subclass.
  const client = createClient({
    url,
    retryAttempts: 0,
    webSocketImpl: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie: bob } });
      }
    },
  });
  print(`bob subscribes at ${url}`);
  const pushes: unknown[] = [];
  try {
    const subscription = client.iterate({
      query: 'subscription OnComment($postId: ID!) { commentAdded(postId: $postId) { body author { name } } }',
      variables: { postId: '9' },
    });
    const first = subscription.next();
    // graphql-ws has no message that says a subscription is listening; its `subscribe` leaves right after
    // `connection_ack`, so a moment after the connection is up the origin has it.
    await new Promise<void>((resolve) => client.on('connected', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const body of ['Nice post, Bob!', 'One more thought.']) {
      const res = await fetch(`${originUrl}/graphql`, {
        method: 'POST',
        headers: { cookie: alice, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation Add($postId: ID!, $body: String!) { addComment(postId: $postId, body: $body) { id } }', variables: { postId: '9', body } }),
      });
      print(`alice comments ${JSON.stringify(body)}: ${res.status}`);
    }
    for (let next = await first; !next.done; next = await subscription.next()) {
      print(`next ${JSON.stringify(next.value)}`);
      pushes.push(next.value);
      if (pushes.length === 2) break;
    }
    // Leaving the loop sends `complete` for the operation.
    print('complete');
  } finally {
    await client.dispose();
  }
  return pushes;
}

async function sessionCookie(originUrl: string, username: string): Promise<string> {
  const res = await fetch(`${originUrl}/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: `${username}-pw` }) });
  const cookie = /^(sid=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (res.status !== 201 || cookie === undefined) throw new Error(`login of ${username} at ${originUrl} failed with ${res.status}`);
  return cookie;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await commentTour(process.argv[2] ?? 'http://127.0.0.1:3000', (line) => console.log(line));
}
