import type { SocketPeer } from '../../src/graph/subscriptions/connection.js';
import type { GraphSocket } from '../../src/graph/subscriptions/graph-sockets.js';
import { messageLabel } from '../../src/graph/subscriptions/protocol.js';
import type { Handler } from '../../src/http/handler.js';
import type { HttpResponse } from '../../src/http/message.js';
import { isWebSocketUpgrade } from '../../src/http/websocket-upgrade.js';
import type { Origin } from '../../src/origin.js';
import type { SocketOpening } from '../../src/origin-socket.js';
import type { EnumerationAlert } from '../../src/policy/enumeration-detector.js';
import { type FrameEnvelope, type RequestEnvelope, responseTo, type WireMessage } from '../envelope.js';
import { closeFrame, frameEvent, textFrame } from '../frame.js';
import type { Link } from '../link.js';
import type { SimNode } from '../node.js';
import { formatMs } from '../format.js';
import type { Simulation } from '../simulation.js';
import { messageEvent, type Trace, type TraceKind } from '../trace.js';
import { checkCrash, describeCrash, type OriginCrash } from '../faults/origin-crash.js';

/** An origin that raises alerts (the real one does; a stand-in in a test need not). */
export interface AlertSource {
  readonly alerts?: readonly EnumerationAlert[];
}

/** An origin with the graph's WebSocket door (the real one has it; a stand-in in a test need not). */
export type SocketSource = Partial<Pick<Origin, 'openSocket' | 'socketMessagesSettled' | 'halt'>>;

/** What the node serves: a request handler, and what it may also have. */
export type OriginProcess = { readonly handle: Handler } & AlertSource & SocketSource;

/** The crashes a run schedules, and how to start the process again on the storage the crashed one left. */
export interface OriginRestarts {
  readonly crashes: readonly OriginCrash[];
  restart(): OriginProcess;
}

/**
 * Runs the origin's handler on the virtual clock: each request takes `processingUs`, requests are served
 * concurrently (no queue at the origin), and the effect and the response happen at the end of that time.
 *
 * WebSocket: an upgrade request is a request (`processingUs`, then 101 or a refusal). Each frame from a
 * client also takes `processingUs`, so one connection's frames are handled in the order they arrived. What
 * the sockets send (acks, answers, and the pushes a mutation causes) leaves at the end of the event that
 * caused it: the node waits, within that virtual instant, for every message the event began, then sends the
 * HTTP response first, then the frames in the order the origin produced them.
 *
 * Crashes (`OriginRestarts`): the process dies at a request's crash point or at a time, whatever it was
 * handling is lost, what reaches it while down is lost, and a new process starts on the same storage.
 */
export class OriginNode implements SimNode {
  readonly name: string;
  requestsHandled = 0;
  /** Frames from clients handled, close frames included. */
  framesHandled = 0;
  readonly #sim: Simulation;
  readonly #trace: Trace;
  #origin: OriginProcess;
  /** Crashes by the number of the request they fall in. */
  readonly #crashAtRequest = new Map<number, Extract<OriginCrash, { request: number }>>();
  readonly #restart: (() => OriginProcess) | undefined;
  /** Moves on at every crash: work begun by an earlier life of the process is lost. */
  #life = 0;
  #down = false;
  /** The line to the cache, for the resets a crash sends to open sockets. */
  #via: Link | undefined;
  /** Crashes so far. */
  crashes = 0;
  /** Open sockets by `client#<upgrade exchange id>`. */
  readonly #sockets = new Map<string, GraphSocket>();
  /** Frames the sockets produced during the current event, sent at its end. */
  readonly #outbox: FrameEnvelope[] = [];
  readonly #processingUs: number;
  readonly #processNote: string;
  #alertsSeen = 0;

  constructor(name: string, sim: Simulation, trace: Trace, origin: OriginProcess, processingUs: number, restarts?: OriginRestarts) {
    this.name = name;
    this.#sim = sim;
    this.#trace = trace;
    this.#origin = origin;
    this.#processingUs = processingUs;
    this.#processNote = `handled in ${formatMs(processingUs)} ms`;
    this.#restart = restarts === undefined ? undefined : () => restarts.restart();
    for (const crash of restarts?.crashes ?? []) {
      checkCrash(crash);
      if ('request' in crash) this.#crashAtRequest.set(crash.request, crash);
      else sim.schedule(crash.atUs, () => this.#crash(crash, undefined));
    }
  }

  /** The process now serving: a new one after every restart. */
  get process(): OriginProcess {
    return this.#origin;
  }

  receive(env: WireMessage, via: Link): void {
    if (env.kind === 'response') return;
    this.#via = via;
    if (this.#down) {
      this.#record('drop', env, 'origin down');
      return;
    }
    const life = this.#life;
    if (env.kind === 'frame') this.#sim.schedule(this.#processingUs, () => (life === this.#life ? this.#frame(env, via) : this.#record('drop', env, 'lost in the crash')));
    else this.#sim.schedule(this.#processingUs, () => (life === this.#life ? this.#process(env, via) : this.#record('drop', env, 'lost in the crash')));
  }

  #process(env: RequestEnvelope, via: Link): void | Promise<void> {
    const crash = this.#crashAtRequest.get(++this.requestsHandled);
    if (crash === undefined) return this.#handle(env, via);
    if (crash.point === 'before-effect') {
      this.#crash(crash, env);
      return;
    }
    const handled = this.#handle(env, via, crash.point === 'after-effect' ? crash : undefined);
    if (crash.point === 'after-effect') return handled;
    if (handled instanceof Promise) return handled.then(() => this.#crash(crash, env));
    this.#crash(crash, env);
  }

  /** Handles the request and answers it, or, with `crashBeforeReply`, dies with the answer unsent. */
  #handle(env: RequestEnvelope, via: Link, crashBeforeReply?: OriginCrash): void | Promise<void> {
    const open = this.#origin.openSocket;
    if (open !== undefined && isWebSocketUpgrade(env.request)) {
      const opening = open(env.request, this.#peer(env.client, env.exchangeId));
      if (opening instanceof Promise) return opening.then((o) => this.#opened(env, via, o));
      this.#opened(env, via, opening);
      return;
    }
    const result = this.#origin.handle(env.request);
    if (crashBeforeReply !== undefined) {
      if (result instanceof Promise) return result.then(() => this.#crash(crashBeforeReply, env));
      this.#crash(crashBeforeReply, env);
      return;
    }
    if (result instanceof Promise) return result.then((res) => this.#replyWhenSettled(env, via, res));
    return this.#replyWhenSettled(env, via, result);
  }

  /** The process dies: its work in progress, sockets and unsent frames are lost; the storage stays. */
  #crash(crash: OriginCrash, env: RequestEnvelope | undefined): void {
    if (this.#down || this.#restart === undefined) return;
    const restart = this.#restart;
    this.crashes++;
    this.#life++;
    this.#down = true;
    this.#origin.halt?.();
    this.#outbox.length = 0;
    this.#record('crash', env, describeCrash(crash));
    // The host's TCP stack is gone with the process: each open socket's client sees the connection drop
    // (1006, which no endpoint sends in a frame: the simulator stands in for the reset it observes).
    for (const key of this.#sockets.keys()) {
      const hash = key.lastIndexOf('#');
      this.#via?.send(this, closeFrame(key.slice(0, hash), Number(key.slice(hash + 1)), false, 1006, 'connection lost: the origin crashed'));
    }
    this.#sockets.clear();
    this.#sim.schedule(crash.downUs, () => {
      this.#origin = restart();
      this.#alertsSeen = 0;
      this.#down = false;
      this.#record('restart', undefined, 'restarted on the same storage');
    });
  }

  /** The response waits for the pushes its request caused (a mutation's), then leaves first; no closure when none. */
  #replyWhenSettled(env: RequestEnvelope, via: Link, res: HttpResponse): void | Promise<void> {
    const settled = this.#origin.socketMessagesSettled?.();
    if (settled === undefined) {
      this.#reply(env, via, res);
      return;
    }
    return settled.then(() => this.#replyWhenSettled(env, via, res));
  }

  #reply(env: RequestEnvelope, via: Link, res: HttpResponse): void {
    const out = responseTo(env, res);
    if (this.#trace.on) {
      this.#trace.record(messageEvent(this.#sim.nowUs, 'process', this.name, this.name, out, this.#processNote));
      this.#recordAlerts(env);
    }
    via.send(this, out);
    this.#flush(via);
  }

  /** A re-sent upgrade of the same exchange replaces the socket its lost 101 opened: one exchange, one connection. */
  #opened(env: RequestEnvelope, via: Link, opening: SocketOpening): void {
    const socket = opening.socket;
    if (socket !== undefined) {
      const key = socketKey(env.client, env.exchangeId);
      this.#sockets.get(key)?.closedByClient();
      this.#sockets.set(key, socket);
    }
    this.#reply(env, via, opening.response);
  }

  #frame(env: FrameEnvelope, via: Link): void | Promise<void> {
    this.framesHandled++;
    const key = socketKey(env.client, env.exchangeId);
    const socket = this.#sockets.get(key);
    if (this.#trace.on) this.#trace.record(frameEvent(this.#sim.nowUs, socket === undefined ? 'ignore' : 'process', this.name, this.name, env));
    if (socket === undefined) return;
    if (env.closeCode !== undefined) {
      this.#sockets.delete(key);
      socket.closedByClient();
      return this.#whenSettled(() => this.#flush(via));
    }
    const received = socket.receive(env.text);
    if (received instanceof Promise) return received.then(() => this.#whenSettled(() => this.#flush(via)));
    return this.#whenSettled(() => this.#flush(via));
  }

  /**
   * Runs `then` once every socket message begun so far has been produced. Nothing is waiting in the common
   * case, and then it runs at once, with no microtask.
   */
  #whenSettled(then: () => void): void | Promise<void> {
    const settled = this.#origin.socketMessagesSettled?.();
    if (settled === undefined) {
      then();
      return;
    }
    return settled.then(() => this.#whenSettled(then));
  }

  #flush(via: Link): void {
    if (this.#outbox.length === 0) return;
    for (const frame of this.#outbox.splice(0)) via.send(this, frame);
  }

  /** What a socket's server side sends through: the outbox, sent at the end of the current event. */
  #peer(client: string, connection: number): SocketPeer {
    return {
      send: (text, message) => this.#outbox.push(textFrame(client, connection, false, text, messageLabel(message))),
      close: (code, reason) => {
        this.#outbox.push(closeFrame(client, connection, false, code, reason));
        this.#sockets.delete(socketKey(client, connection));
      },
    };
  }

  /** Sockets open now. */
  get openSockets(): number {
    return this.#sockets.size;
  }

  /** New alerts appear in the trace right after the request that raised them. */
  #recordAlerts(env: RequestEnvelope): void {
    const alerts = this.#origin.alerts;
    if (alerts === undefined) return;
    for (; this.#alertsSeen < alerts.length; this.#alertsSeen++) {
      const a = alerts[this.#alertsSeen]!;
      const note = `${a.username ?? `user ${a.userId}`} drew 403/404 on ${a.resource} ${a.ids.join(', ')} within ${a.windowUs / 1_000_000} s`;
      this.#trace.record({ ...messageEvent(this.#sim.nowUs, 'alert', this.name, this.name, env, note), bytes: 0 });
    }
  }

  /** An event of the origin itself; `env` names the message it concerns, if any. */
  #record(kind: TraceKind, env: RequestEnvelope | FrameEnvelope | undefined, note: string): void {
    if (!this.#trace.on) return;
    if (env?.kind === 'frame') {
      this.#trace.record({ ...frameEvent(this.#sim.nowUs, kind, this.name, this.name, env), note });
      return;
    }
    this.#trace.record(env === undefined
      ? { atUs: this.#sim.nowUs, kind, from: this.name, to: this.name, exchangeId: 0, attempt: 0, method: '', path: '', status: 0, bytes: 0, link: '', queuedUs: 0, transmitUs: 0, note }
      : messageEvent(this.#sim.nowUs, kind, this.name, this.name, env, note));
  }
}

function socketKey(client: string, connection: number): string {
  return `${client}#${connection}`;
}
