import { upgradeHeaders } from '../../src/graph/subscriptions/upgrade.js';
import { closeCode, messageLabel, type SubscribePayload } from '../../src/graph/subscriptions/protocol.js';
import { type Headers, request } from '../../src/http/message.js';
import type { FrameEnvelope } from '../envelope.js';
import { closeFrame, textFrame } from '../frame.js';
import type { Simulation } from '../simulation.js';
import type { ClientNode } from './client.js';
import type { Exchange } from '../exchange.js';

/** One message of a subscription as its client saw it: when, what, how big. */
export interface SocketMessage {
  readonly atUs: number;
  readonly type: string;
  readonly id: string | undefined;
  readonly bytes: number;
  /** The message's `payload` as received (or sent), `undefined` when it has none. */
  readonly payload: unknown;
}

/**
 * - `active`: running when the run ended;
 * - `completed`: the client sent `complete` (its `untilUs` came);
 * - `done`: the server sent `complete` (a query or mutation sent over the socket, or a subscription whose post
 *   was deleted);
 * - `error`: the server refused or failed the operation (`error`);
 * - `closed`: the socket closed under it (see `close`);
 * - `refused`: the upgrade was refused (see `handshakeStatus`), so no socket and no `subscribe`;
 * - `cancelled`: `untilUs` came before the `subscribe` could be sent.
 */
export type SubscriptionOutcome = 'pending' | 'active' | 'completed' | 'done' | 'error' | 'closed' | 'refused' | 'cancelled';

/** One subscription of a scenario and everything that happened to it. */
export interface SubscriptionRecord {
  readonly client: string;
  readonly payload: SubscribePayload;
  /** The id the client gave it on its socket, once sent. */
  id: string | undefined;
  /** The exchange id of the upgrade that opened its socket (`#<n>` in the timeline). */
  connection: number | undefined;
  handshakeStatus: number | undefined;
  subscribedUs: number | undefined;
  outcome: SubscriptionOutcome;
  /** Messages the server sent for it, in arrival order. */
  readonly received: SocketMessage[];
  /** Messages the client sent for it. */
  readonly sent: SocketMessage[];
  close: { readonly code: number; readonly reason: string } | undefined;
}

type State = 'idle' | 'upgrading' | 'initialising' | 'ready';

/**
 * The graphql-ws client on the simulated line, as `createClient` from graphql-ws behaves in its default lazy
 * mode: the socket opens with the first subscription (an upgrade exchange of the client node, with its
 * timeout and re-send policy), `connection_init` follows the 101, `subscribe` waits for `connection_ack`,
 * subscriptions share the socket, and the socket closes (1000) when the last one has ended. Ids are `1`,
 * `2`, ... per socket client. One per client and credential, since a socket carries one credential.
 */
export class GraphSocketClient {
  readonly #sim: Simulation;
  readonly #node: ClientNode;
  readonly #credential: Headers;
  /** false: a client that never sends `connection_init`, whose socket the origin closes with 4408. */
  readonly #sendsConnectionInit: boolean;
  #state: State = 'idle';
  #connection = 0;
  #lastId = 0;
  /** Waiting for the socket to be ready, in the order they were asked for. */
  readonly #waiting: SubscriptionRecord[] = [];
  readonly #active = new Map<string, SubscriptionRecord>();

  constructor(sim: Simulation, node: ClientNode, credential: Headers, sendsConnectionInit = true) {
    this.#sim = sim;
    this.#node = node;
    this.#credential = credential;
    this.#sendsConnectionInit = sendsConnectionInit;
  }

  subscribe(record: SubscriptionRecord): void {
    this.#waiting.push(record);
    if (this.#state === 'idle') this.#open();
    else if (this.#state === 'ready') this.#sendWaiting();
  }

  /** The subscription's `untilUs`: `complete` if it is running, else it is dropped before it is sent. */
  complete(record: SubscriptionRecord): void {
    const waiting = this.#waiting.indexOf(record);
    if (waiting >= 0) {
      this.#waiting.splice(waiting, 1);
      record.outcome = 'cancelled';
      this.#closeIfIdle();
      return;
    }
    if (record.id === undefined || this.#active.get(record.id) !== record) return;
    this.#active.delete(record.id);
    this.#send({ type: 'complete', id: record.id }, record);
    record.outcome = 'completed';
    this.#closeIfIdle();
  }

  #open(): void {
    this.#state = 'upgrading';
    const upgrade = request('GET', '/graphql', { ...this.#credential, ...upgradeHeaders });
    this.#node.start(upgrade, (exchange) => this.#upgraded(exchange));
  }

  #upgraded(exchange: Exchange): void {
    const status = exchange.response?.status;
    for (const record of this.#waiting) {
      record.handshakeStatus = status;
      record.connection = exchange.id;
    }
    if (status !== 101) {
      for (const record of this.#waiting.splice(0)) record.outcome = 'refused';
      this.#state = 'idle';
      return;
    }
    this.#connection = exchange.id;
    this.#state = 'initialising';
    this.#node.frameSinks.set(exchange.id, (env) => this.#receive(env));
    // Everything it was opened for was cancelled while the upgrade was on its way.
    if (this.#waiting.length === 0) this.#closeIfIdle();
    else if (this.#sendsConnectionInit) this.#send({ type: 'connection_init' });
  }

  #receive(env: FrameEnvelope): void {
    if (env.closeCode !== undefined) {
      this.#closed(env.closeCode, env.text);
      return;
    }
    const message = JSON.parse(env.text) as { type: string; id?: string; payload?: unknown };
    switch (message.type) {
      case 'connection_ack':
        this.#state = 'ready';
        this.#sendWaiting();
        return;
      case 'ping':
        this.#send({ type: 'pong' });
        return;
      case 'next':
      case 'error':
      case 'complete': {
        const record = message.id === undefined ? undefined : this.#active.get(message.id);
        if (record === undefined) return;
        record.received.push({ atUs: this.#sim.nowUs, type: message.type, id: message.id, bytes: env.bytes, payload: message.payload });
        if (message.type === 'next') return;
        this.#active.delete(record.id!);
        record.outcome = message.type === 'error' ? 'error' : 'done';
        this.#closeIfIdle();
      }
    }
  }

  #sendWaiting(): void {
    for (const record of this.#waiting.splice(0)) {
      const id = String(++this.#lastId);
      record.id = id;
      record.connection = this.#connection;
      record.subscribedUs = this.#sim.nowUs;
      record.outcome = 'active';
      this.#active.set(id, record);
      this.#send({ type: 'subscribe', id, payload: record.payload }, record);
    }
  }

  /** graphql-ws's lazy client: no subscription left, nothing waiting, so the socket goes. */
  #closeIfIdle(): void {
    if (this.#state === 'idle' || this.#state === 'upgrading' || this.#active.size > 0 || this.#waiting.length > 0) return;
    this.#node.sendFrame(closeFrame(this.#node.name, this.#connection, 'to-origin', closeCode.normal, 'Normal Closure'));
    this.#forget();
  }

  /** The server closed the socket: everything on it ends, and a later subscription opens a new one. */
  #closed(code: number, reason: string): void {
    for (const record of [...this.#active.values(), ...this.#waiting]) {
      record.outcome = 'closed';
      record.close = { code, reason };
    }
    this.#active.clear();
    this.#waiting.length = 0;
    this.#forget();
  }

  #forget(): void {
    this.#node.frameSinks.delete(this.#connection);
    this.#state = 'idle';
  }

  #send(message: { readonly type: string; readonly id?: string; readonly payload?: unknown }, record?: SubscriptionRecord): void {
    const frame = textFrame(this.#node.name, this.#connection, 'to-origin', JSON.stringify(message), messageLabel(message));
    record?.sent.push({ atUs: this.#sim.nowUs, type: message.type, id: message.id, bytes: frame.bytes, payload: message.payload });
    this.#node.sendFrame(frame);
  }
}

/** A fresh record for one scenario subscription. */
export function subscriptionRecord(client: string, payload: SubscribePayload): SubscriptionRecord {
  return {
    client, payload, id: undefined, connection: undefined, handshakeStatus: undefined, subscribedUs: undefined, outcome: 'pending',
    received: [], sent: [], close: undefined,
  };
}
