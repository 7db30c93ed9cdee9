import type { SocketPeer } from '../../src/graph/subscriptions/connection.js';
import type { DurableTables } from './durable-tables.js';

/**
 * A peer whose messages leave only once the changes made before them are committed: the answer to a mutation
 * sent over the socket, or a push about a comment another request added, never tells of something a crash
 * could still undo. Messages keep their order.
 */
export function committedFirst(peer: SocketPeer, tables: DurableTables): SocketPeer {
  let queue: Promise<void> | undefined;
  const later = (send: () => void): void => {
    // Behind the messages before it, and behind the changes of its own context, which may commit later.
    const committed = tables.whenCommitted();
    if (queue === undefined && committed === undefined) {
      send();
      return;
    }
    const next: Promise<void> = Promise.all([queue, committed]).then(send, send).finally(() => {
      if (queue === next) queue = undefined;
    });
    queue = next;
  };
  return {
    send: (text, message) => later(() => peer.send(text, message)),
    close: (code, reason) => later(() => peer.close(code, reason)),
    // Nothing leaves the process here, so nothing waits: it only stops the transport's timer.
    initialised: () => peer.initialised?.(),
  };
}
