import { fc } from '@fast-check/vitest';
import { type Frame, frame, postId } from './fuzz-socket-frames.js';

/**
 * What happens around open graph sockets in one fuzz run: one to three sockets, each opened by a valid
 * upgrade (the handshake has its own property) with its own credential, and a sequence of steps: a frame on
 * a socket, a subscription with an id of its own, a burst of subscriptions past the per-connection cap, a comment added over HTTP (the event that
 * makes pushes), the socket's session revoked, or the client closing its socket. Steps name a socket by a
 * number taken modulo the sockets there are, so shrinking the sockets never invalidates a step.
 */

export type SocketCredential =
  | { readonly kind: 'session' | 'token'; readonly user: 'alice' | 'bob' | 'carol' | 'sam' }
  /** A token narrowed at login: with `read:posts` only, a push's `author` is FORBIDDEN; with `read:users` only, subscribing is. */
  | { readonly kind: 'narrow-token'; readonly user: 'bob'; readonly scopes: readonly string[] };

export interface SocketSpec {
  readonly credential: SocketCredential;
  /** Whether the client starts with `connection_init`, as every graphql-ws client does. */
  readonly init: boolean;
}

export type Step =
  | { readonly kind: 'frame'; readonly socket: number; readonly frame: Frame }
  /** A subscription to a post with an id of its own, so that it lives until an event finds it. */
  | { readonly kind: 'listen'; readonly socket: number; readonly postId: number }
  | { readonly kind: 'flood'; readonly socket: number; readonly postId: number; readonly count: number }
  | { readonly kind: 'comment'; readonly postId: number }
  | { readonly kind: 'revoke'; readonly socket: number }
  | { readonly kind: 'close'; readonly socket: number };

export interface SocketSession {
  readonly sockets: readonly SocketSpec[];
  readonly steps: readonly Step[];
}

const socketCredential: fc.Arbitrary<SocketCredential> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constantFrom('session' as const, 'token' as const), user: fc.constantFrom('alice' as const, 'bob' as const, 'carol' as const, 'sam' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('narrow-token' as const), user: fc.constant('bob' as const), scopes: fc.constantFrom(['read:posts'], ['read:users']) }) },
);

const socket = fc.nat(2);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('frame' as const), socket, frame }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('listen' as const), socket, postId }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('comment' as const), postId }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('flood' as const), socket, postId, count: fc.integer({ min: 9, max: 12 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('revoke' as const), socket }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), socket }) },
);

export const socketSession: fc.Arbitrary<SocketSession> = fc.record({
  sockets: fc.array(fc.record({ credential: socketCredential, init: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) }), { minLength: 1, maxLength: 3 }),
  // `minLength` 0, as for requests: fast-check shrinks an array of minimum length 1 only from its front.
  steps: fc.array(step, { maxLength: 12 }),
});
