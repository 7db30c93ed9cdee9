import { backoffWaitUs } from '../../src/client/backoff.js';
import { carriesIdempotencyKey, idempotencyKeyHeader } from '../../src/client/idempotency-key.js';
import { refusedRequest, type ResendPolicy } from '../../src/client/resend-policy.js';
import { checkClientSettings, type ClientSettings } from '../../src/client/settings.js';
import type { HttpRequest } from '../../src/http/message.js';
import { type FrameEnvelope, originAddress, type RequestEnvelope, type WireMessage } from '../envelope.js';
import type { ScheduledEvent } from '../event-queue.js';
import type { Network, SimNode } from '../node.js';
import type { Rng } from '../rng.js';
import { formatMs } from '../format.js';
import type { Simulation } from '../simulation.js';
import type { Exchange } from '../exchange.js';
import type { ExchangeTally } from '../stats/exchange-tally.js';
import type { Trace } from '../trace.js';
import type { TraceKind } from '../trace-event.js';
import { TraceSite } from '../trace-site.js';

export type ExchangeDone = (exchange: Exchange) => void;

interface InFlight {
  readonly exchange: Exchange;
  readonly done: ExchangeDone | undefined;
  /** The attempt's timeout, or the backoff wait before the next attempt: a response cancels either. */
  timer: ScheduledEvent | undefined;
}

/** Hands out exchange ids that are unique across all clients of a run. */
export interface ExchangeIds {
  next(): number;
}

/**
 * The client's randomness, kept apart so that one never shifts the other: its own stream (`client:<name>`)
 * for backoff jitter, and the run's `keys` stream for idempotency keys.
 */
export interface ClientStreams {
  readonly jitter: Rng;
  readonly keys: Rng;
}

export interface ClientNodeOptions {
  readonly name: string;
  readonly sim: Simulation;
  readonly trace: Trace;
  /** What it sends through: the topology. */
  readonly network: Network;
  readonly settings: ClientSettings;
  readonly policy: ResendPolicy;
  readonly ids: ExchangeIds;
  readonly streams: ClientStreams;
  /**
   * When given, each finished exchange is folded into it and none is kept: `exchanges` stays empty, so a
   * long run's memory does not grow with its requests. Without it (every scenario, trace and report), the
   * client keeps every exchange, pending ones included, to the end of the run.
   */
  readonly tally?: ExchangeTally | undefined;
}

/**
 * The re-sending client: sends a request, waits `timeoutUs`, and sends the same request again, after a
 * jittered backoff, while its policy allows and attempts remain. Any attempt's response completes the
 * exchange; later ones are ignored.
 */
export class ClientNode implements SimNode {
  readonly name: string;
  /** Every exchange started, in order; empty when the client folds them into a tally instead. */
  readonly exchanges: Exchange[] = [];
  /** This client's open sockets, by the exchange id of the upgrade that opened each (`GraphSocketClient`). */
  readonly frameSinks = new Map<number, (env: FrameEnvelope) => void>();
  readonly #sim: Simulation;
  readonly #trace: Trace;
  readonly #completed: TraceSite;
  readonly #ignored: TraceSite;
  readonly #network: Network;
  readonly #settings: ClientSettings;
  readonly #policy: ResendPolicy;
  readonly #ids: ExchangeIds;
  readonly #streams: ClientStreams;
  readonly #inFlight = new Map<number, InFlight>();
  readonly #tally: ExchangeTally | undefined;
  readonly #timeoutNote: string;
  readonly #resendNote: string;
  /** Every attempt schedules its timeout: one function for all of them. */
  readonly #timeoutOf = (flight: InFlight): void => this.#timeout(flight);

  constructor({ name, sim, trace, network, settings, policy, ids, streams, tally }: ClientNodeOptions) {
    checkClientSettings(settings);
    this.name = name;
    this.#sim = sim;
    this.#trace = trace;
    this.#completed = new TraceSite('complete', name, name);
    this.#ignored = new TraceSite('ignore', name, name);
    this.#network = network;
    this.#settings = settings;
    this.#policy = policy;
    this.#ids = ids;
    this.#streams = streams;
    this.#tally = tally;
    this.#timeoutNote = `no response in ${formatMs(settings.timeoutUs)} ms`;
    this.#resendNote = `${policy.name} policy`;
  }

  start(request: HttpRequest, done?: ExchangeDone): Exchange {
    const exchange: Exchange = {
      id: this.#ids.next(), client: this.name, request: this.#policy.prepare(request, this.#streams.keys), startedUs: this.#sim.nowUs,
      attempts: 0, outcome: 'pending', response: undefined, completedUs: undefined, latencyUs: undefined,
    };
    if (this.#tally === undefined) this.exchanges.push(exchange);
    const flight: InFlight = { exchange, done, timer: undefined };
    this.#inFlight.set(exchange.id, flight);
    this.#send(flight);
    return exchange;
  }

  /** Exchanges started and not yet finished: the only ones a folding client still holds. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** A frame on one of this client's sockets (`frameSinks` hears the answers). */
  sendFrame(frame: FrameEnvelope): void {
    this.#network.send(this, frame);
  }

  receive(env: WireMessage): void {
    if (env.kind === 'frame') {
      this.frameSinks.get(env.exchangeId)?.(env);
      return;
    }
    if (env.kind !== 'response') return;
    const flight = this.#inFlight.get(env.exchangeId);
    if (flight === undefined) {
      if (this.#trace.on) this.#trace.wire(this.#ignored, this.#sim.nowUs, env, 'exchange already complete');
      return;
    }
    const { exchange } = flight;
    if (flight.timer !== undefined) this.#sim.cancel(flight.timer);
    this.#inFlight.delete(exchange.id);
    exchange.outcome = 'response';
    exchange.response = env.response;
    exchange.completedUs = this.#sim.nowUs;
    exchange.latencyUs = exchange.completedUs - exchange.startedUs;
    if (this.#trace.on) this.#trace.wire(this.#completed, this.#sim.nowUs, env, '');
    this.#tally?.fold(exchange);
    flight.done?.(exchange);
  }

  #send(flight: InFlight): void {
    const { exchange } = flight;
    exchange.attempts++;
    const env: RequestEnvelope = {
      kind: 'request', from: this.name, to: originAddress, client: this.name, exchangeId: exchange.id, attempt: exchange.attempts,
      request: exchange.request, bytes: exchange.request.bodyBytes,
    };
    this.#network.send(this, env);
    flight.timer = this.#sim.scheduleCall(this.#settings.timeoutUs, this.#timeoutOf, flight);
  }

  #timeout(flight: InFlight): void {
    const { exchange } = flight;
    flight.timer = undefined;
    this.#record('timeout', exchange, exchange.attempts, this.#timeoutNote);
    if (exchange.attempts >= this.#settings.maxAttempts) {
      this.#giveUp(flight, 'no attempts left');
      return;
    }
    if (!this.#policy.mayResend(exchange.request)) {
      this.#giveUp(flight, this.#trace.on ? `${this.#policy.name} policy does not re-send ${refusedRequest(exchange.request)}` : '');
      return;
    }
    // Drawn at the timeout, whether or not a late response cancels the wait, so the stream's use does not
    // depend on what the line did after the decision.
    const waitUs = backoffWaitUs(this.#settings, exchange.attempts, this.#streams.jitter);
    if (waitUs === 0) this.#resend(flight, 0);
    else flight.timer = this.#sim.schedule(waitUs, () => this.#resend(flight, waitUs));
  }

  #resend(flight: InFlight, waitedUs: number): void {
    const { exchange } = flight;
    if (this.#trace.on) this.#record('resend', exchange, exchange.attempts + 1, this.#resendNoteFor(exchange.request, waitedUs));
    this.#send(flight);
  }

  /** `keyed policy, after 37.512 ms backoff, idempotency-key <uuid>`: the key shows every attempt carries the same. */
  #resendNoteFor(req: HttpRequest, waitedUs: number): string {
    const keyed = carriesIdempotencyKey(req);
    if (waitedUs === 0 && !keyed) return this.#resendNote;
    const backoff = waitedUs === 0 ? '' : `, after ${formatMs(waitedUs)} ms backoff`;
    return `${this.#resendNote}${backoff}${keyed ? `, ${idempotencyKeyHeader} ${req.headers[idempotencyKeyHeader]!}` : ''}`;
  }

  #giveUp(flight: InFlight, why: string): void {
    const { exchange } = flight;
    this.#inFlight.delete(exchange.id);
    exchange.outcome = 'unknown';
    exchange.completedUs = this.#sim.nowUs;
    if (this.#trace.on) this.#record('give-up', exchange, exchange.attempts, `outcome unknown: ${why}`);
    this.#tally?.fold(exchange);
    flight.done?.(exchange);
  }

  /** Events about the exchange itself rather than a message on the wire. */
  #record(kind: TraceKind, exchange: Exchange, attempt: number, note: string): void {
    if (!this.#trace.on) return;
    const { method, path, bodyBytes } = exchange.request;
    this.#trace.record({
      atUs: this.#sim.nowUs, kind, from: this.name, to: this.name, exchangeId: exchange.id, attempt, method, path,
      status: 0, bytes: bodyBytes, link: '', queuedUs: 0, transmitUs: 0, note,
    });
  }
}
