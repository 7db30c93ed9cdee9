import type { SocketPeer } from '../../src/graph/subscriptions/connection.js';
import type { GraphSocket } from '../../src/graph/subscriptions/graph-sockets.js';
import { upgradeHeaders } from '../../src/graph/subscriptions/upgrade.js';
import { request } from '../../src/http/message.js';
import { TestOrigin } from '../../src/testing-kit.js';
import { type DoorVariant, realDoor, settle, type SocketDoor } from './fuzz-socket-door.js';
import { connectionInit, type Intent, listenFrame } from './fuzz-socket-frames.js';
import type { SocketCredential, SocketSession } from './fuzz-socket-sessions.js';

/**
 * Plays one fuzz session against a fresh origin, as the simulator's origin node would drive it (every
 * message a step began is handed to its peer before the next step), and writes down everything: what each
 * socket received during each step, whether the step threw, whether the origin's state changed, and the
 * origin's socket counts after it. The judging is `fuzz-socket-model.ts`'s.
 */

/** What a socket's client received: a text frame, or the close frame that ends it. */
export type Received = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'close'; readonly code: number; readonly reason: string };

/** One thing done to the origin: the session's steps, bursts spelt out, and every socket closed at the end. */
export type Action =
  | { readonly kind: 'frame'; readonly socket: number; readonly text: string; readonly intent: Intent }
  | { readonly kind: 'comment'; readonly postId: number }
  | { readonly kind: 'revoke'; readonly socket: number }
  | { readonly kind: 'close'; readonly socket: number };

export interface Happening {
  readonly action: Action;
  /** What the step threw or rejected with, if it did. */
  readonly failure: { readonly error: unknown } | undefined;
  /** Per socket, in order. */
  readonly received: readonly (readonly Received[])[];
  readonly stateBefore: string;
  readonly stateAfter: string;
  /** A `comment` step's HTTP answer: its status and whether `addComment` came back (so an event was published). */
  readonly comment: { readonly status: number; readonly added: boolean } | undefined;
  readonly openSockets: number;
  readonly activeSubscriptions: number;
  /** Whether socket messages were still waiting to be handed over once the step had settled. */
  readonly pending: boolean;
}

export interface SocketRun {
  readonly credentials: readonly SocketCredential[];
  readonly happenings: readonly Happening[];
  /** Rejections nobody handled while the session ran. */
  readonly stray: readonly unknown[];
}

const addComment = 'mutation Add($postId: ID!, $body: String!) { addComment(postId: $postId, body: $body) { id } }';

/** Every action of a session in order: each socket's `connection_init` first when it starts with one. */
export function actionsOf(session: SocketSession): Action[] {
  const n = session.sockets.length;
  const frameOn = (socket: number, f: { readonly text: string; readonly intent: Intent }): Action => ({ kind: 'frame', socket, text: f.text, intent: f.intent });
  const opening = session.sockets.flatMap((s, i) => (s.init ? [frameOn(i, connectionInit)] : []));
  const steps = session.steps.flatMap((step, at): Action[] => {
    switch (step.kind) {
      case 'frame': return [frameOn(step.socket % n, step.frame)];
      case 'listen': return [frameOn(step.socket % n, listenFrame(`listen-${at}`, step.postId))];
      case 'flood': return Array.from({ length: step.count }, (_, i) => frameOn(step.socket % n, listenFrame(`flood-${at}-${i}`, step.postId)));
      case 'comment': return [{ kind: 'comment', postId: step.postId }];
      case 'revoke': case 'close': return [{ kind: step.kind, socket: step.socket % n }];
    }
  });
  return [...opening, ...steps, ...session.sockets.map((_, i): Action => ({ kind: 'close', socket: i }))];
}

class RecordingPeer implements SocketPeer {
  step: Received[] = [];
  closed = false;
  send(text: string): void {
    this.step.push({ kind: 'text', text });
  }
  close(code: number, reason: string): void {
    this.closed = true;
    this.step.push({ kind: 'close', code, reason });
  }
}

async function headersOf(t: TestOrigin, c: SocketCredential): Promise<Record<string, string>> {
  switch (c.kind) {
    case 'session': return t.session(c.user);
    case 'token': return t.token(c.user);
    case 'narrow-token': return t.token(c.user, { scopes: c.scopes });
  }
}

export async function socketRun(session: SocketSession, variant: DoorVariant = realDoor): Promise<SocketRun> {
  const t = new TestOrigin();
  const door = variant(t);
  const alice = t.session('alice');
  const credentials = session.sockets.map((s) => s.credential);
  const headers = await Promise.all(credentials.map((c) => headersOf(t, c)));
  const peers = credentials.map(() => new RecordingPeer());
  const sockets: GraphSocket[] = [];
  for (const [i, peer] of peers.entries()) {
    const opening = await door.openSocket(request('GET', '/graphql', { ...headers[i], ...upgradeHeaders }), peer);
    if (opening.socket === undefined) throw new Error(`the fuzz session's upgrade ${i + 1} got ${opening.response.status}, not 101`);
    sockets.push(opening.socket);
  }
  const stray: unknown[] = [];
  const onStray = (reason: unknown) => stray.push(reason);
  process.on('unhandledRejection', onStray);
  const happenings: Happening[] = [];
  try {
    for (const action of actionsOf(session)) happenings.push(await play(t, door, action, { sockets, peers, headers, alice }));
    // A rejection is reported once the microtasks have run out: let a macrotask pass before looking.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', onStray);
  }
  return { credentials, happenings, stray };
}

interface Stage {
  readonly sockets: readonly GraphSocket[];
  readonly peers: readonly RecordingPeer[];
  readonly headers: readonly Record<string, string>[];
  readonly alice: Record<string, string>;
}

async function play(t: TestOrigin, door: SocketDoor, action: Action, stage: Stage): Promise<Happening> {
  const { sockets, peers } = stage;
  const stateBefore = JSON.stringify(door.state());
  for (const peer of peers) peer.step = [];
  let failure: Happening['failure'];
  let comment: Happening['comment'];
  try {
    switch (action.kind) {
      case 'frame':
        // As the simulator's origin node does: a socket the server has closed receives nothing more.
        if (!peers[action.socket]!.closed) await sockets[action.socket]!.receive(action.text);
        break;
      case 'comment': {
        const body = JSON.stringify({ query: addComment, variables: { postId: String(action.postId), body: 'a comment' } });
        const res = await door.handle(request('POST', '/graphql', { ...stage.alice, 'content-type': 'application/json' }, body));
        const added = res.status === 200 && (JSON.parse(res.body ?? '{}') as { data?: { addComment?: unknown } }).data?.addComment != null;
        comment = { status: res.status, added };
        break;
      }
      case 'revoke': {
        const cookie = stage.headers[action.socket]!.cookie;
        if (cookie !== undefined) t.origin.login.revokeSession(cookie.slice('sid='.length));
        break;
      }
      case 'close':
        if (!peers[action.socket]!.closed) {
          peers[action.socket]!.closed = true;
          sockets[action.socket]!.closedByClient();
        }
        break;
    }
    await settle(door);
  } catch (error) {
    failure = { error };
  }
  const stats = door.graphStats();
  return {
    action, failure, received: peers.map((p) => p.step), stateBefore, stateAfter: JSON.stringify(door.state()), comment,
    openSockets: stats.openSockets, activeSubscriptions: stats.activeSubscriptions, pending: door.socketMessagesSettled() !== undefined,
  };
}
