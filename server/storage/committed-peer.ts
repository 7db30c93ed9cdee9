import type { SocketPeer } from '../../src/graph/subscriptions/connection.js';
import type { DurableTables } from './durable-tables.js';

/**
 * A peer whose messages leave only once the changes made before them are committed: the answer to a mutation
 * sent over the socket, or a push about a comment another request added, never tells of something a crash
 * could still undo. Messages keep their order.
 */
export function committedFirst(peer: SocketPeer, tables: DurableTables): SocketPeer {
  let queue: Promise<void> | undefined;
  let closed = false;
  // The disk refused changes a message would tell of (and they are undone): the peer hears that the socket
  // ends for a server failure (RFC 6455 §7.4.1, 1011) rather than news of what was not kept.
  const refused = (): void => {
    if (closed) return;
    closed = true;
    peer.close(1011, 'The server could not store a change this socket made or was told of.');
  };
  const later = (send: () => void): void => {
    // Behind the messages before it, and behind the changes of its own context, which may commit later.
    const committed = tables.whenCommitted();
    if (queue === undefined && committed === undefined) {
      send();
      return;
    }
    const next: Promise<void> = Promise.all([queue, committed]).then(send, refused).finally(() => {
      if (queue === next) queue = undefined;
    });
    queue = next;
  };
  return {
    send: (text, message) => later(() => closed || peer.send(text, message)),
    close: (code, reason) => later(() => closed || peer.close(code, reason)),
    // Nothing leaves the process here, so nothing waits: it only stops the transport's timer.
    initialised: () => peer.initialised?.(),
  };
}
