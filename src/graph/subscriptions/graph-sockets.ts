import type { Maybe } from '../../http/handler.js';
import type { GraphEndpoint } from '../endpoint.js';
import { type ConnectionLimits, defaultConnectionLimits, GraphSocketConnection, type SocketPeer } from './connection.js';
import { Deliveries } from './deliveries.js';
import { type RateLimitSettings, TokenBuckets } from '../../rate-limit/token-bucket.js';
import { GraphOperations, type SocketCaller } from './graph-operations.js';

/** The server side of one socket, as a transport drives it. */
export interface GraphSocket {
  /** One text frame from the client; a returned promise settles once what it began has started. */
  receive(text: string): Maybe<void>;
  /** The client or the network ended the socket. */
  closedByClient(): void;
  /**
   * The transport's wait for `connection_init` is over: 4408 unless it came. Optional, so a wrapper that
   * passes `receive` and `closedByClient` on (the property tests' faulty doors) stays one. Both transports
   * time the wait: the simulator's origin node on the virtual clock, `server/socket-door.ts` with a timer.
   */
  initDeadlinePassed?(): void;
}

/**
 * Sockets one caller (`callerKey`) may hold open at once. Each socket holds up to `maxActiveOperations`
 * subscriptions, each run once per event, so without a cap one caller could multiply that work by opening
 * sockets; a page or a tool needs one, a few tabs a few.
 */
export const defaultMaxSocketsPerCaller = 8;

/**
 * Messages a socket, and a caller over all its sockets, may send: every client message, `ping` included, is
 * read, parsed and answered on the one thread that serves HTTP too, so without a budget one caller's flood
 * of pings stalls every request. graphql-ws clients send a few messages when a page opens and a ping every
 * few seconds after: far inside these. Past either, the socket is closed with 1008 (policy violation).
 */
export interface MessageBudget {
  readonly perSocket: RateLimitSettings;
  readonly perCaller: RateLimitSettings;
}

export const defaultMessageBudget: MessageBudget = { perSocket: { burst: 50, refillPerSecond: 20 }, perCaller: { burst: 100, refillPerSecond: 40 } };

/** Buckets of sockets gone are forgotten past this many (those refilled first): memory stays bounded. */
const maxBudgetSubjects = 10_000;

/**
 * The graph endpoint's sockets: every connection's server messages wait in one line (`Deliveries`), so
 * pushes leave in the order their events were published, each publish's subscribers in subscription order.
 */
export class GraphSockets {
  readonly deliveries = new Deliveries();
  readonly #endpoint: GraphEndpoint;
  readonly #limits: ConnectionLimits;
  /** Connections opened so far, and how many are open now. */
  readonly stats = { opened: 0, open: 0 };
  readonly maxSocketsPerCaller: number;
  /** Sockets open now by owner; an owner with none has no entry. */
  readonly #openBy = new Map<string, number>();
  readonly #now: () => number;
  readonly #perSocket: TokenBuckets;
  readonly #perCaller: TokenBuckets;

  /** `now` is the origin's clock, in µs: virtual in the simulator, real behind a socket. */
  constructor(endpoint: GraphEndpoint, now: () => number, options: { readonly limits?: ConnectionLimits; readonly maxSocketsPerCaller?: number; readonly messages?: MessageBudget } = {}) {
    this.#endpoint = endpoint;
    this.#now = now;
    this.#limits = options.limits ?? defaultConnectionLimits;
    this.maxSocketsPerCaller = options.maxSocketsPerCaller ?? defaultMaxSocketsPerCaller;
    const messages = options.messages ?? defaultMessageBudget;
    this.#perSocket = new TokenBuckets(messages.perSocket, maxBudgetSubjects);
    this.#perCaller = new TokenBuckets(messages.perCaller, maxBudgetSubjects);
  }

  /** Sockets `owner` holds open now. */
  openBy(owner: string): number {
    return this.#openBy.get(owner) ?? 0;
  }

  /** The socket, or `undefined` when `owner` already holds `maxSocketsPerCaller` open. */
  open(peer: SocketPeer, caller: SocketCaller, owner: string): GraphSocket | undefined {
    const held = this.openBy(owner);
    if (held >= this.maxSocketsPerCaller) return undefined;
    this.#openBy.set(owner, held + 1);
    this.stats.opened++;
    this.stats.open++;
    const socketId = String(this.stats.opened);
    let counted = true;
    const uncount = (): void => {
      if (!counted) return;
      counted = false;
      this.stats.open--;
      const left = this.openBy(owner) - 1;
      if (left === 0) this.#openBy.delete(owner);
      else this.#openBy.set(owner, left);
    };
    const connection = new GraphSocketConnection(
      {
        send: (text, message) => peer.send(text, message),
        close: (code, reason) => {
          uncount();
          peer.close(code, reason);
        },
        initialised: () => peer.initialised?.(),
      },
      new GraphOperations(this.#endpoint, this.deliveries, caller),
      this.#limits,
      () => {
        const nowUs = this.#now();
        // Both are charged: a caller's budget is shared by its sockets, so opening more buys no more.
        return this.#perSocket.admit(socketId, nowUs).ok && this.#perCaller.admit(owner, nowUs).ok;
      },
    );
    return {
      receive: (text) => connection.receive(text),
      initDeadlinePassed: () => connection.initDeadlinePassed(),
      closedByClient: () => {
        uncount();
        connection.closedByClient();
      },
    };
  }
}
