import { andThen, type Maybe } from '../../src/http/handler.js';
import type { HttpResponse } from '../../src/http/message.js';
import { isWebSocketUpgrade } from '../../src/http/websocket-upgrade.js';
import type { GraphSocket } from '../../src/graph/subscriptions/graph-sockets.js';
import type { SocketOpening } from '../../src/origin-socket.js';
import { type FrameEnvelope, type RequestEnvelope, type ResponseEnvelope, responseTo, type WireMessage } from '../envelope.js';
import { describeCrash, type OriginCrash } from '../faults/origin-crash.js';
import { formatMs } from '../format.js';
import { closeFrame } from '../frame.js';
import type { Network, SimNode } from '../node.js';
import type { RunWorld } from '../run-world.js';
import type { Simulation } from '../simulation.js';
import { frameEvent, messageEvent, nodeEvent, type Trace } from '../trace.js';
import type { TraceKind } from '../trace-event.js';
import { TraceSite } from '../trace-site.js';
import { alertText } from './alert-text.js';
import { OriginLife, type OriginRestarts, type RequestCrash } from './origin-life.js';
import type { OriginProcess } from './origin-process.js';
import { SocketTable } from './socket-table.js';

/** The run's clock and record, not its streams: an origin node draws no randomness of its own. */
export interface OriginNodeOptions<P extends OriginProcess> extends Pick<RunWorld, 'sim' | 'trace'> {
  readonly name: string;
  /** What it answers through: the topology. */
  readonly network: Network;
  /** The process serving from the start. */
  readonly process: P;
  readonly processingUs: number;
  /** Crashes, and how to start again after one; none when absent. */
  readonly restarts?: OriginRestarts<P> | undefined;
  /** How a late answer is waited for (`OriginAnswers`); `in-event` when absent. */
  readonly answers?: OriginAnswers | undefined;
  /** How long a new socket may go without `connection_init` before it is closed with 4408; 3 s when absent. */
  readonly connectionInitWaitUs?: number | undefined;
}

/** graphql-ws's own `connectionInitWaitTimeout`, as `npm start` waits (`server/socket-door.ts`). */
export const defaultConnectionInitWaitUs = 3_000_000;

/**
 * - `in-event` (apisim's own origin): the event that handles a request waits for a late answer, so an effect
 *   and its answer share one virtual instant, as an async step of graphql or jose needs.
 * - `detached` (a guest's app): the event ends at once and the answer leaves at the virtual time it settles.
 *   A guest's app may wait on its own timers, which are events themselves: waiting inside the event would
 *   hold up the very timer it waits for. What is still owed is listed by `awaited`.
 */
export type OriginAnswers = 'in-event' | 'detached';

/** A request a detached origin has begun and not yet answered. */
export interface AwaitedAnswer {
  readonly env: RequestEnvelope;
  /** When the request arrived at the origin, before its `processingUs`. */
  readonly arrivedUs: number;
  /** When the process was handed the request. */
  readonly sinceUs: number;
}

/** The events that process a message, bound to the life of the process in which it arrived. */
interface Arrivals {
  readonly life: number;
  readonly request: (env: RequestEnvelope) => Maybe<void>;
  readonly frame: (env: FrameEnvelope) => Maybe<void>;
}

/** The guest's answer to a request failed (its promise rejected): a bug in the app or its adapter. */
export class AnswerFailedError extends Error {
  override readonly name = 'AnswerFailedError';
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
 * Crashes (`OriginLife`): the process dies at a request's crash point or at a time, whatever it was
 * handling is lost, what reaches it while down is lost, and a new process starts on the same storage.
 * A detached origin (a guest's app) is handed nothing after its crash and its answers still owed never
 * leave; what its pending promises still do to the storage, apisim cannot stop (docs/guest-world.md).
 */
export class OriginNode<P extends OriginProcess = OriginProcess> implements SimNode {
  readonly name: string;
  readonly #sim: Simulation;
  readonly #trace: Trace;
  readonly #processed: TraceSite;
  readonly #network: Network;
  readonly #life: OriginLife<P>;
  readonly #sockets = new SocketTable();
  readonly #processingUs: number;
  readonly #connectionInitWaitUs: number;
  readonly #processNote: string;
  #requestsHandled = 0;
  #framesHandled = 0;
  /** Alerts of the current process already in the trace. */
  #alertsSeen = 0;
  /** What a frame's event does once the sockets are settled; one function for all frames. */
  readonly #sendFrames = (): Maybe<void> => this.#sendWhenSettled(undefined);
  readonly #detached: boolean;
  readonly #awaited = new Set<AwaitedAnswer>();
  #failure: AnswerFailedError | undefined;
  /** Made once per life of the process rather than once per message. */
  #arrivals: Arrivals;

  constructor({ name, sim, trace, network, process, processingUs, restarts, answers, connectionInitWaitUs }: OriginNodeOptions<P>) {
    this.name = name;
    this.#detached = answers === 'detached';
    this.#sim = sim;
    this.#trace = trace;
    this.#processed = new TraceSite('process', name, name);
    this.#network = network;
    this.#processingUs = processingUs;
    this.#connectionInitWaitUs = connectionInitWaitUs ?? defaultConnectionInitWaitUs;
    this.#processNote = `handled in ${formatMs(processingUs)} ms`;
    this.#life = new OriginLife(process, restarts);
    this.#arrivals = this.#arrivalsIn(this.#life.current);
    for (const crash of this.#life.timedCrashes) sim.schedule(crash.atUs, () => this.#crash(crash, undefined));
  }

  /** The process now serving: a new one after every restart. */
  get process(): P {
    return this.#life.process;
  }

  get requestsHandled(): number {
    return this.#requestsHandled;
  }

  /** Frames from clients handled, close frames included. */
  get framesHandled(): number {
    return this.#framesHandled;
  }

  /** Crashes so far. */
  get crashes(): number {
    return this.#life.crashes;
  }

  /** Sockets open now. */
  get openSockets(): number {
    return this.#sockets.size;
  }

  /** Detached: the requests begun and not yet answered, oldest first. */
  get awaited(): readonly AwaitedAnswer[] {
    return [...this.#awaited];
  }

  /** Detached: the first answer that failed since the last call, if any; the run loop turns it into a failure. */
  takeFailure(): AnswerFailedError | undefined {
    const failure = this.#failure;
    this.#failure = undefined;
    return failure;
  }

  receive(env: WireMessage): void {
    if (env.kind === 'response') return;
    if (this.#life.down) {
      this.#record('drop', env, 'origin down');
      return;
    }
    let arrivals = this.#arrivals;
    if (arrivals.life !== this.#life.current) arrivals = this.#arrivals = this.#arrivalsIn(this.#life.current);
    if (env.kind === 'frame') this.#sim.scheduleCall(this.#processingUs, arrivals.frame, env);
    else this.#sim.scheduleCall(this.#processingUs, arrivals.request, env);
  }

  /** What a message that arrived in `life` does once processed: nothing but its loss, if a crash ended that life meanwhile. */
  #arrivalsIn(life: number): Arrivals {
    return {
      life,
      request: (env) => (life === this.#life.current ? this.#process(env) : this.#record('drop', env, 'lost in the crash')),
      frame: (env) => (life === this.#life.current ? this.#frame(env) : this.#record('drop', env, 'lost in the crash')),
    };
  }

  #process(env: RequestEnvelope): Maybe<void> {
    const crash = this.#life.crashAt(++this.#requestsHandled);
    if (crash === undefined) return this.#handle(env);
    if (crash.point === 'before-effect') {
      this.#crash(crash, env);
      return;
    }
    return this.#handle(env, crash);
  }

  /**
   * Handles the request and answers it; with a crash, dies before the answer leaves (`after-effect`) or
   * right after it (`after-response`). A detached answer meets its crash when it settles.
   */
  #handle(env: RequestEnvelope, crash?: RequestCrash): Maybe<void> {
    const serving = this.#life.process;
    const open = serving.openSocket;
    if (open !== undefined && isWebSocketUpgrade(env.request)) {
      const opened = andThen(open(env.request, this.#sockets.peer(env.client, env.exchangeId)), (opening) => this.#opened(env, opening));
      // The socket opens with the 101, so there is no instant between an upgrade's effect and its answer: only `after-response` falls in it.
      return crash?.point === 'after-response' ? andThen(opened, () => this.#crash(crash, env)) : opened;
    }
    const result = serving.handle(env.request);
    if (result instanceof Promise && this.#detached) {
      this.#awaitDetached(env, result, crash);
      return;
    }
    if (crash?.point === 'after-effect') return andThen(result, () => this.#crash(crash, env));
    // Every request passes here: written out rather than with `andThen`, so a synchronous answer costs no closure.
    const sent = result instanceof Promise ? result.then((res) => this.#sendWhenSettled(responseTo(env, res))) : this.#sendWhenSettled(responseTo(env, result));
    return crash === undefined ? sent : andThen(sent, () => this.#crash(crash, env));
  }

  /**
   * The answer leaves when it settles, at that virtual time; meanwhile the request is owed. An answer of a
   * life a crash has ended is lost: the app kept running it (a promise cannot be stopped), but its process
   * is gone, so nothing it says leaves.
   */
  #awaitDetached(env: RequestEnvelope, answer: Promise<HttpResponse>, crash: RequestCrash | undefined): void {
    const sinceUs = this.#sim.nowUs;
    const life = this.#life.current;
    const awaited: AwaitedAnswer = { env, arrivedUs: sinceUs - this.#processingUs, sinceUs };
    this.#awaited.add(awaited);
    answer.then(
      (res) => {
        this.#awaited.delete(awaited);
        if (life !== this.#life.current) {
          this.#record('drop', env, 'answer lost in the crash');
          return;
        }
        if (crash?.point === 'after-effect') {
          this.#crash(crash, env);
          return;
        }
        void andThen(this.#sendWhenSettled(responseTo(env, res), `handled in ${formatMs(this.#sim.nowUs - awaited.arrivedUs)} ms`), () => {
          if (crash !== undefined) this.#crash(crash, env);
        });
      },
      (error: unknown) => {
        this.#awaited.delete(awaited);
        if (life !== this.#life.current) {
          this.#record('drop', env, 'answer lost in the crash');
          return;
        }
        const { method, path } = env.request;
        const why = error instanceof Error ? error.message : String(error);
        this.#failure ??= new AnswerFailedError(
          `the app's answer to ${method} ${path} (exchange #${env.exchangeId}, attempt ${env.attempt}) failed at ${formatMs(this.#sim.nowUs)} ms (virtual): ${why}`,
          { cause: error },
        );
      },
    );
  }

  /** The process dies: its work in progress, sockets and unsent frames are lost; the storage stays. */
  #crash(crash: OriginCrash, env: RequestEnvelope | undefined): void {
    if (!this.#life.end()) return;
    // What the dead process owed is no longer owed: its answers are lost (`#awaitDetached`).
    this.#awaited.clear();
    const open = this.#sockets.reset();
    this.#record('crash', env, describeCrash(crash));
    // The host's TCP stack is gone with the process: each open socket's client sees the connection drop
    // (1006, which no endpoint sends in a frame: the simulator stands in for the reset it observes).
    for (const { client, connection } of open) {
      this.#network.send(this, closeFrame(client, connection, 'to-client', 1006, 'connection lost: the origin crashed'));
    }
    this.#sim.schedule(crash.downUs, () =>
      andThen(this.#life.restart(), () => {
        this.#alertsSeen = 0;
        this.#record('restart', undefined, 'restarted on the same storage');
      }));
  }

  /**
   * Sends what the event produced once every socket message it began has been produced (a mutation's pushes):
   * the response first, if the event answers a request, then the frames. Nothing is waiting in the common
   * case, and then it sends at once, with no closure and no microtask.
   */
  #sendWhenSettled(out: ResponseEnvelope | undefined, note = this.#processNote): Maybe<void> {
    const settled = this.#life.process.socketMessagesSettled?.();
    if (settled !== undefined) return settled.then(() => this.#sendWhenSettled(out, note));
    if (out !== undefined) this.#reply(out, note);
    this.#flush();
  }

  #reply(out: ResponseEnvelope, note = this.#processNote): void {
    if (this.#trace.on) {
      this.#trace.wire(this.#processed, this.#sim.nowUs, out, note);
      this.#recordAlerts(out);
    }
    this.#network.send(this, out);
  }

  #opened(env: RequestEnvelope, opening: SocketOpening): void {
    const socket = opening.socket;
    if (socket !== undefined) this.#sockets.open(env.client, env.exchangeId, socket, this.#timeInitWait(env.client, env.exchangeId, socket));
    this.#reply(responseTo(env, opening.response));
    this.#flush();
  }

  /**
   * The wait for `connection_init`, on the virtual clock from the 101 on, as `npm start` times it with a
   * real timer: when it is over the socket hears so (4408 unless the message came). The socket table
   * stops it when `connection_init` comes or the socket goes, so only a silent socket's wait ever runs.
   */
  #timeInitWait(client: string, connection: number, socket: GraphSocket): (() => void) | undefined {
    if (socket.initDeadlinePassed === undefined) return undefined;
    const deadline = this.#sim.schedule(this.#connectionInitWaitUs, () => {
      if (this.#sockets.get(client, connection) !== socket) return;
      socket.initDeadlinePassed?.();
      // Recorded only when the wait closed the socket; its close frame follows, sent below.
      if (this.#trace.on && this.#sockets.get(client, connection) !== socket) {
        const note = `no connection_init within ${formatMs(this.#connectionInitWaitUs)} ms`;
        this.#trace.record({ ...nodeEvent(this.#sim.nowUs, 'timeout', this.name, note), exchangeId: connection, method: 'WS', path: '/graphql' });
      }
      return this.#sendWhenSettled(undefined);
    });
    return () => this.#sim.cancel(deadline);
  }

  #frame(env: FrameEnvelope): Maybe<void> {
    this.#framesHandled++;
    const socket = this.#sockets.get(env.client, env.exchangeId);
    if (this.#trace.on) this.#trace.record(frameEvent(this.#sim.nowUs, socket === undefined ? 'ignore' : 'process', this.name, this.name, env));
    if (socket === undefined) return;
    if (env.closeCode !== undefined) {
      this.#sockets.delete(env.client, env.exchangeId);
      socket.closedByClient();
      return this.#sendWhenSettled(undefined);
    }
    return andThen(socket.receive(env.text), this.#sendFrames);
  }

  #flush(): void {
    const frames = this.#sockets.takeOutbox();
    for (let i = 0; i < frames.length; i++) this.#network.send(this, frames[i]!);
  }

  /** New alerts appear in the trace right after the request that raised them. */
  #recordAlerts(out: ResponseEnvelope): void {
    const alerts = this.#life.process.alerts;
    if (alerts === undefined) return;
    for (; this.#alertsSeen < alerts.length; this.#alertsSeen++) {
      // About the request, not its answer: no status, no bytes.
      this.#trace.record({ ...messageEvent(this.#sim.nowUs, 'alert', this.name, this.name, out, alertText(alerts[this.#alertsSeen]!)), status: 0, bytes: 0 });
    }
  }

  /** An event of the origin itself; `env` names the message it concerns, if any. */
  #record(kind: TraceKind, env: RequestEnvelope | FrameEnvelope | undefined, note: string): void {
    if (!this.#trace.on) return;
    const nowUs = this.#sim.nowUs;
    if (env === undefined) this.#trace.record(nodeEvent(nowUs, kind, this.name, note));
    else if (env.kind === 'frame') this.#trace.record({ ...frameEvent(nowUs, kind, this.name, this.name, env), note });
    else this.#trace.record(messageEvent(nowUs, kind, this.name, this.name, env, note));
  }
}
