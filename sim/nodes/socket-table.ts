import type { SocketPeer } from '../../src/graph/subscriptions/connection.js';
import type { GraphSocket } from '../../src/graph/subscriptions/graph-sockets.js';
import { messageLabel } from '../../src/graph/subscriptions/protocol.js';
import type { FrameEnvelope } from '../envelope.js';
import { closeFrame, textFrame } from '../frame.js';

/** A socket's name at the origin: its client, and the exchange id of the upgrade that opened it. */
export interface SocketAddress {
  readonly client: string;
  readonly connection: number;
}

const noFrames: readonly FrameEnvelope[] = Object.freeze([]);

/**
 * The origin's open WebSockets, and its outbox: the frames their server sides produced during the current
 * event, which the node sends at the event's end, in the order they were produced.
 */
export class SocketTable {
  /** Open sockets by address, in the order they opened: a crash resets them in that order. */
  readonly #sockets = new Map<SocketAddress, GraphSocket>();
  /** Each open socket's one address, found by client and connection without building a key per frame. */
  readonly #addresses = new Map<string, Map<number, SocketAddress>>();
  readonly #outbox: FrameEnvelope[] = [];
  /**
   * What stops each socket's wait for `connection_init` while it runs: the wait ends when the message
   * comes or the socket goes, so a timely socket leaves no event behind to move the clock.
   */
  readonly #initWaits = new Map<SocketAddress, () => void>();

  /** Sockets open now. */
  get size(): number {
    return this.#sockets.size;
  }

  get(client: string, connection: number): GraphSocket | undefined {
    const address = this.#addresses.get(client)?.get(connection);
    return address === undefined ? undefined : this.#sockets.get(address);
  }

  /**
   * A re-sent upgrade of the same exchange replaces the socket its lost 101 opened: one exchange, one
   * connection. `stopInitWait` stops the timing of its wait for `connection_init`, if it is timed.
   */
  open(client: string, connection: number, socket: GraphSocket, stopInitWait?: () => void): void {
    let byConnection = this.#addresses.get(client);
    if (byConnection === undefined) {
      byConnection = new Map<number, SocketAddress>();
      this.#addresses.set(client, byConnection);
    }
    let address = byConnection.get(connection);
    if (address === undefined) {
      address = { client, connection };
      byConnection.set(connection, address);
    }
    this.#sockets.get(address)?.closedByClient();
    this.#stopInitWait(address);
    this.#sockets.set(address, socket);
    if (stopInitWait !== undefined) this.#initWaits.set(address, stopInitWait);
  }

  delete(client: string, connection: number): void {
    const byConnection = this.#addresses.get(client);
    const address = byConnection?.get(connection);
    if (byConnection === undefined || address === undefined) return;
    this.#stopInitWait(address);
    this.#sockets.delete(address);
    byConnection.delete(connection);
    if (byConnection.size === 0) this.#addresses.delete(client);
  }

  /** What a socket's server side sends through: the outbox, sent at the end of the current event. */
  peer(client: string, connection: number): SocketPeer {
    return {
      send: (text, message) => this.#outbox.push(textFrame(client, connection, 'to-client', text, messageLabel(message))),
      close: (code, reason) => {
        this.#outbox.push(closeFrame(client, connection, 'to-client', code, reason));
        this.delete(client, connection);
      },
      initialised: () => {
        const address = this.#addresses.get(client)?.get(connection);
        if (address !== undefined) this.#stopInitWait(address);
      },
    };
  }

  /** The frames produced since the last call, in order; none is the common case, and costs nothing. */
  takeOutbox(): readonly FrameEnvelope[] {
    return this.#outbox.length === 0 ? noFrames : this.#outbox.splice(0);
  }

  /** A crash: every socket and unsent frame is gone. Says which sockets were open, in the order they opened. */
  reset(): SocketAddress[] {
    const open = [...this.#sockets.keys()];
    this.#outbox.length = 0;
    for (const stop of this.#initWaits.values()) stop();
    this.#initWaits.clear();
    this.#sockets.clear();
    this.#addresses.clear();
    return open;
  }

  #stopInitWait(address: SocketAddress): void {
    const stop = this.#initWaits.get(address);
    if (stop === undefined) return;
    this.#initWaits.delete(address);
    stop();
  }
}
