import type { SocketPeer } from '../../src/graph/subscriptions/connection.js';
import type { HttpRequest } from '../../src/http/message.js';
import { isWebSocketUpgrade } from '../../src/http/websocket-upgrade.js';
import type { Origin } from '../../src/origin.js';
import type { SocketOpening } from '../../src/origin-socket.js';
import type { TestOrigin } from '../../src/testing-kit.js';

/**
 * What the WebSocket fuzz properties knock on: the origin's two doors (`handle` for requests, `openSocket`
 * for upgrades) and what they read back, or a variant built around them that must break a property.
 */
export type SocketDoor = Pick<Origin, 'handle' | 'openSocket' | 'state' | 'graphStats' | 'socketMessagesSettled' | 'audit'>;
export type DoorVariant = (t: TestOrigin) => SocketDoor;

/** The origin's own doors, each wrapped so that a variant can replace one and keep the others. */
export function doorOf(origin: Origin): SocketDoor {
  return {
    handle: (req) => origin.handle(req),
    openSocket: (req, peer) => origin.openSocket(req, peer),
    state: () => origin.state(),
    graphStats: () => origin.graphStats(),
    socketMessagesSettled: () => origin.socketMessagesSettled(),
    audit: origin.audit,
  };
}

export const realDoor: DoorVariant = (t) => doorOf(t.origin);

/**
 * A request as `sim/nodes/origin.ts` routes it: one that asks for WebSocket goes to the socket door, any
 * other to `handle`, whose answer opens nothing.
 */
export async function knock(door: SocketDoor, req: HttpRequest, peer: SocketPeer): Promise<SocketOpening> {
  if (isWebSocketUpgrade(req)) return door.openSocket(req, peer);
  return { response: await door.handle(req), socket: undefined };
}

/** Waits, as the simulator's origin node does, until every socket message begun so far has reached its peer. */
export async function settle(door: SocketDoor): Promise<void> {
  for (let s = door.socketMessagesSettled(); s !== undefined; s = door.socketMessagesSettled()) await s;
}
