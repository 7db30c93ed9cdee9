import { WebSocket } from 'ws';
import { graphqlTransportWs, type SubscribePayload } from '../../src/graph/subscriptions/protocol.js';
import type { SubscriptionOutcome } from '../../sim/nodes/graph-socket-client.js';

/** One scenario subscription as a real client saw it: what `SubscriptionRecord` says of the simulated one. */
export interface RealSubscription {
  outcome: SubscriptionOutcome;
  handshakeStatus: number | undefined;
  /** The server's `next`, `error` and `complete` for it, in arrival order. */
  readonly received: { readonly type: string; readonly payload: unknown }[];
  close: { readonly code: number; readonly reason: string } | undefined;
}

/** How long a real socket may take to do what the loopback does in microseconds, before the run gives up. */
const patienceMs = 30_000;

/**
 * One client's socket to the real origin, as `GraphSocketClient` opens it in the simulator (graphql-ws's lazy
 * client): opened for its first subscription, `connection_init` then `subscribe`, shared by the client's
 * subscriptions with the same credential, closed (1000) when the last has ended. Written on `ws` rather than
 * graphql-ws's `createClient` so that the run can wait for the server to have said everything (`barrier`).
 */
export class RealSubscriber {
  readonly #url: string;
  readonly #headers: Readonly<Record<string, string>>;
  #ws: WebSocket | undefined;
  #lastId = 0;
  readonly #active = new Map<string, RealSubscription>();
  /** Who waits for each `ping` sent, in order: a `pong` answers the oldest. */
  readonly #pongs: (() => void)[] = [];

  constructor(originUrl: string, headers: Readonly<Record<string, string>>) {
    this.#url = `${originUrl.replace(/^http/, 'ws')}/graphql`;
    this.#headers = headers;
  }

  /** Sends `subscribe` (opening the socket first if it has none); resolves once the server has started or refused it. */
  async subscribe(record: RealSubscription, payload: SubscribePayload, started: () => boolean): Promise<void> {
    const ws = this.#ws ?? (await this.#open(record));
    if (ws === undefined) return;
    const id = String(++this.#lastId);
    this.#active.set(id, record);
    record.outcome = 'active';
    ws.send(JSON.stringify({ type: 'subscribe', id, payload }));
    // A `subscribe` has no acknowledgement: the origin's count, or the server's answer for it, says it was read.
    await until(() => started() || record.received.length > 0 || record.outcome !== 'active', 'the subscribe to be read');
  }

  /** The client's `complete`: nothing if the server has ended it already. */
  complete(record: RealSubscription): void {
    const id = [...this.#active].find(([, r]) => r === record)?.[0];
    if (id === undefined || this.#ws === undefined) return;
    this.#active.delete(id);
    this.#ws.send(JSON.stringify({ type: 'complete', id }));
    record.outcome = 'completed';
    this.#closeIfIdle();
  }

  /**
   * Resolves once everything the server sent before now has arrived: a `ping` is answered in order on the
   * same connection, after every message the origin handed its socket before reading it.
   */
  async barrier(): Promise<void> {
    const ws = this.#ws;
    if (ws === undefined) return;
    let answered = false;
    this.#pongs.push(() => (answered = true));
    ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => answered || this.#ws !== ws, 'a pong');
    this.#closeIfIdle();
  }

  /** The end of the run: a socket still open is closed by its client, as the simulated run simply stops. */
  async close(): Promise<void> {
    const ws = this.#ws;
    this.#ws = undefined;
    if (ws === undefined || ws.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.close(1000, 'Normal Closure');
    await closed;
  }

  async #open(record: RealSubscription): Promise<WebSocket | undefined> {
    const ws = new WebSocket(this.#url, graphqlTransportWs, { headers: this.#headers });
    const opened = await new Promise<number>((resolve, reject) => {
      ws.once('open', () => resolve(101));
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
      });
      ws.once('error', reject);
    });
    record.handshakeStatus = opened;
    if (opened !== 101) {
      record.outcome = 'refused';
      ws.terminate();
      return undefined;
    }
    this.#ws = ws;
    let acknowledged = false;
    ws.on('message', (data) => {
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a Buffer, whose toString is UTF-8
      const message = JSON.parse(String(data)) as { type: string; id?: string; payload?: unknown };
      if (message.type === 'connection_ack') acknowledged = true;
      else if (message.type === 'pong') this.#pongs.shift()?.();
      else if (message.id !== undefined) this.#received(message.id, message.type, message.payload);
    });
    ws.once('close', (code, reason) => this.#closed(ws, code, reason.toString('utf8')));
    ws.send(JSON.stringify({ type: 'connection_init' }));
    await until(() => acknowledged || this.#ws !== ws, 'connection_ack');
    return this.#ws;
  }

  #received(id: string, type: string, payload: unknown): void {
    const record = this.#active.get(id);
    if (record === undefined) return;
    record.received.push({ type, payload });
    if (type === 'next') return;
    this.#active.delete(id);
    record.outcome = type === 'error' ? 'error' : 'done';
  }

  #closed(ws: WebSocket, code: number, reason: string): void {
    if (this.#ws !== ws) return;
    for (const record of this.#active.values()) {
      record.outcome = 'closed';
      record.close = { code, reason };
    }
    this.#active.clear();
    this.#ws = undefined;
    for (const pong of this.#pongs.splice(0)) pong();
  }

  /** graphql-ws's lazy client: no subscription left, so the socket goes (checked once the server has spoken). */
  #closeIfIdle(): void {
    if (this.#ws === undefined || this.#active.size > 0) return;
    const ws = this.#ws;
    this.#ws = undefined;
    ws.close(1000, 'Normal Closure');
  }
}

export function realSubscription(): RealSubscription {
  return { outcome: 'pending', handshakeStatus: undefined, received: [], close: undefined };
}

/**
 * Polls `done` every millisecond; real sockets take real time, which this code may use
 * (test/agreement/ is not src/).
 */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + patienceMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`waited ${patienceMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
