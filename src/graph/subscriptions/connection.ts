import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import type { Maybe } from '../../http/handler.js';
import { parseClientMessage } from './client-message.js';
import { closeCode, closeReason, type ServerMessage, type SubscribePayload } from './protocol.js';

/** The transport under one connection: a WebSocket in production, the simulated link in `sim/`. */
export interface SocketPeer {
  /** One text frame to the client: `text` is `message` as JSON, what goes on the wire. */
  send(text: string, message: ServerMessage): void;
  /** Ends the socket with a close frame; nothing is sent after it. */
  close(code: number, reason: string): void;
  /**
   * `connection_init` came: a transport timing the wait for it (`initDeadlinePassed`) may stop now, so no
   * timer outlives its purpose (in the simulator, an event that would only move the clock).
   */
  initialised?(): void;
}

/** How an operation speaks to its client. Calls after the operation has ended (or the socket closed) do nothing. */
export interface OperationOutput {
  next(payload: FormattedExecutionResult): void;
  /** Ends the operation: graphql-ws sends no `complete` after an `error`. */
  error(errors: readonly GraphQLFormattedError[]): void;
  /** Ends the operation from the server's side. */
  complete(): void;
  /** Ends the whole connection, every operation on it included. */
  closeConnection(code: number, reason: string): void;
}

/** Stops an operation early: the client sent `complete`, or the socket closed. */
export type Stop = () => void;

/** What runs the operation a `subscribe` carries: `GraphOperations` for the graph endpoint. */
export interface Operations {
  start(id: string, payload: SubscribePayload, out: OperationOutput): Maybe<Stop>;
}

export interface ConnectionLimits {
  /**
   * Operations one connection may have running at once: each subscription runs its selection once per event
   * for as long as it lives, so one socket must not multiply that without bound.
   */
  readonly maxActiveOperations: number;
}

export const defaultConnectionLimits: ConnectionLimits = { maxActiveOperations: 10 };

/** RFC 6455 §7.4.1: a message that breaks the endpoint's policy, here its message budget. */
export const policyViolation = 1008;

/** One reserved id: `stop` arrives when the operation has started; `ended` once it must not speak again. */
interface Running {
  stop: Stop | undefined;
  ended: boolean;
}

/**
 * The server side of one graphql-ws connection (`graphql-transport-ws`), after the HTTP upgrade has passed
 * gate 1. It follows the protocol document: `connection_init` is answered with `connection_ack`, a second
 * one closes with 4429; `subscribe` before the ack closes with 4401; an id already running closes with 4409;
 * any malformed message closes with 4400; `ping` is answered with `pong` at any time; `complete` from the
 * client stops that operation, and the server sends `complete` when an operation ends on its side. One
 * addition: more than `maxActiveOperations` at once is refused with an `error` for that id, and the
 * connection and its other operations go on.
 */
export class GraphSocketConnection {
  readonly #peer: SocketPeer;
  readonly #operations: Operations;
  readonly #limits: ConnectionLimits;
  readonly #running = new Map<string, Running>();
  readonly #admit: () => boolean;
  #initReceived = false;
  #closed = false;

  /** `admit` spends one message of the socket's budget (`GraphSockets`), or says it is spent. */
  constructor(peer: SocketPeer, operations: Operations, limits: ConnectionLimits = defaultConnectionLimits, admit: () => boolean = () => true) {
    this.#peer = peer;
    this.#operations = operations;
    this.#limits = limits;
    this.#admit = admit;
  }

  get acknowledged(): boolean {
    return this.#initReceived && !this.#closed;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Ids of the operations running now, in the order they started. */
  get activeIds(): readonly string[] {
    return [...this.#running.keys()];
  }

  /** One text frame from the client. A returned promise settles once the operation it began has started. */
  receive(text: string): Maybe<void> {
    if (this.#closed) return;
    // Every message costs, `ping` included: a flood of the cheapest one still takes the process's time.
    if (!this.#admit()) {
      this.close(policyViolation, 'Too many messages');
      return;
    }
    const read = parseClientMessage(text);
    if (!read.ok) {
      this.close(read.closeCode, read.reason);
      return;
    }
    const message = read.message;
    switch (message.type) {
      case 'connection_init':
        if (this.#initReceived) {
          this.close(closeCode.tooManyInitialisationRequests, 'Too many initialisation requests');
          return;
        }
        // Gate 1 was passed at the upgrade, with the credential every HTTP request carries; the init payload
        // is not a second way to authenticate.
        this.#initReceived = true;
        this.#peer.initialised?.();
        this.#send({ type: 'connection_ack' });
        return;
      case 'ping':
        this.#send(message.payload === undefined || message.payload === null ? { type: 'pong' } : { type: 'pong', payload: message.payload });
        return;
      case 'pong':
        return;
      case 'subscribe':
        return this.#subscribe(message.id, message.payload);
      case 'complete':
        this.#stop(message.id);
        return;
    }
  }

  /** Ends the connection from the server's side: every operation stops, and the client gets a close frame. */
  close(code: number, reason: string): void {
    if (this.#closed) return;
    this.#stopAll();
    this.#peer.close(code, closeReason(reason));
  }

  /**
   * The transport's wait for `connection_init` is over (graphql-ws's `connectionInitWaitTimeout`): a socket
   * that has not sent it is closed with 4408, one that has is left alone. The wait is the transport's to
   * time, with its own clock: this code keeps no timer.
   */
  initDeadlinePassed(): void {
    if (!this.#initReceived) this.close(closeCode.connectionInitialisationTimeout, 'Connection initialisation timeout');
  }

  /** The client (or the network) ended the socket: every operation stops, nothing more is sent. */
  closedByClient(): void {
    this.#stopAll();
  }

  #subscribe(id: string, payload: SubscribePayload): Maybe<void> {
    if (!this.#initReceived) {
      this.close(closeCode.unauthorized, 'Unauthorized');
      return;
    }
    if (this.#running.has(id)) {
      this.close(closeCode.subscriberAlreadyExists, `Subscriber for ${id} already exists`);
      return;
    }
    if (this.#running.size >= this.#limits.maxActiveOperations) {
      const message = `This connection already runs ${this.#running.size} operations, the most it may; complete one first.`;
      this.#send({ id, type: 'error', payload: [{ message, extensions: { code: 'TOO_MANY_OPERATIONS' } }] });
      return;
    }
    const running: Running = { stop: undefined, ended: false };
    this.#running.set(id, running);
    const started = this.#operations.start(id, payload, this.#output(id, running));
    // Not andThen: a start that fails must close the connection, so the promise needs its rejection handled too.
    if (!(started instanceof Promise)) {
      this.#started(running, started);
      return;
    }
    return started.then(
      (stop) => this.#started(running, stop),
      () => {
        if (!running.ended) this.close(closeCode.internalServerError, 'Internal server error');
      },
    );
  }

  /** A `complete` that arrived while the operation was starting stops it as soon as it can be stopped. */
  #started(running: Running, stop: Stop): void {
    running.stop = stop;
    if (running.ended) stop();
  }

  #output(id: string, running: Running): OperationOutput {
    const live = (): boolean => !running.ended && !this.#closed;
    const end = (): void => {
      running.ended = true;
      this.#running.delete(id);
    };
    return {
      next: (payload) => {
        if (live()) this.#send({ id, type: 'next', payload });
      },
      error: (errors) => {
        if (!live()) return;
        end();
        running.stop?.();
        this.#send({ id, type: 'error', payload: errors });
      },
      complete: () => {
        if (!live()) return;
        end();
        running.stop?.();
        this.#send({ id, type: 'complete' });
      },
      closeConnection: (code, reason) => this.close(code, reason),
    };
  }

  /** The client's `complete`: for an id that is not running (already over, or never begun) it does nothing. */
  #stop(id: string): void {
    const running = this.#running.get(id);
    if (running === undefined) return;
    running.ended = true;
    this.#running.delete(id);
    running.stop?.();
  }

  #stopAll(): void {
    this.#closed = true;
    for (const id of [...this.#running.keys()]) this.#stop(id);
  }

  #send(message: ServerMessage): void {
    this.#peer.send(JSON.stringify(message), message);
  }
}
