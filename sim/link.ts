import type { WireMessage } from './envelope.js';
import { decide, type FaultRule } from './faults/fault-rule.js';
import type { SimNode } from './node.js';
import type { Rng } from './rng.js';
import type { Simulation } from './simulation.js';
import type { Trace } from './trace.js';
import { TraceSite } from './trace-site.js';

export interface LinkSettings {
  readonly oneWayDelayUs: number;
  /** `Infinity` for a link whose serialization time is negligible (the LAN to the origin). */
  readonly bandwidthBitsPerSecond: number;
  /** Asked in order for every message; see `decide`. */
  readonly faults: readonly FaultRule[];
}

export interface LinkOptions {
  /** Names the link in the trace (`wan:alice`, `lan`) and in its errors. */
  readonly name: string;
  /** The end nearer the client. */
  readonly near: SimNode;
  /** The end nearer the origin. */
  readonly far: SimNode;
  readonly settings: LinkSettings;
  readonly sim: Simulation;
  readonly trace: Trace;
  /** The link's own stream, for its fault rules' draws. */
  readonly rng: Rng;
}

/**
 * A full-duplex link between a node nearer the client and a node nearer the origin. A message first waits
 * for its direction's transmitter, then takes bytes × 8 / bandwidth to serialize, then `oneWayDelayUs` to
 * propagate. Faults act on it in flight: a dropped message still used the transmitter.
 */
export class Link {
  readonly name: string;
  readonly near: SimNode;
  readonly far: SimNode;
  readonly settings: LinkSettings;
  readonly #sim: Simulation;
  readonly #trace: Trace;
  readonly #rng: Rng;
  readonly #towardFar: Direction;
  readonly #towardNear: Direction;
  readonly #usPerByte: number;

  constructor({ name, near, far, settings, sim, trace, rng }: LinkOptions) {
    if (!Number.isSafeInteger(settings.oneWayDelayUs) || settings.oneWayDelayUs < 0) {
      throw new RangeError(`${name}: oneWayDelayUs must be a non-negative integer, got ${settings.oneWayDelayUs}`);
    }
    if (!(settings.bandwidthBitsPerSecond > 0)) {
      throw new RangeError(`${name}: bandwidthBitsPerSecond must be positive, got ${settings.bandwidthBitsPerSecond}`);
    }
    if (near === far) throw new RangeError(`${name}: a link joins two different nodes, got ${near.name} at both ends`);
    this.name = name;
    this.near = near;
    this.far = far;
    this.settings = settings;
    this.#sim = sim;
    this.#trace = trace;
    this.#rng = rng;
    this.#usPerByte = 8_000_000 / settings.bandwidthBitsPerSecond;
    this.#towardFar = this.#direction(near, far);
    this.#towardNear = this.#direction(far, near);
  }

  /** Serialization time of `bytes`, rounded up to a whole microsecond (4 µs per byte at 2 Mbit/s). */
  serializationUs(bytes: number): number {
    return Math.ceil(bytes * this.#usPerByte);
  }

  /** `from` must be one of the two ends: the message goes to the other. */
  send(from: SimNode, env: WireMessage): void {
    const towardFar = from === this.near;
    if (!towardFar && from !== this.far) throw new Error(`${from.name} is not an end of ${this.name} (${this.near.name}, ${this.far.name})`);
    const way = towardFar ? this.#towardFar : this.#towardNear;
    const sim = this.#sim;
    const nowUs = sim.nowUs;
    const startUs = way.busyUntilUs > nowUs ? way.busyUntilUs : nowUs;
    const endUs = startUs + this.serializationUs(env.bytes);
    way.busyUntilUs = endUs;
    const arriveUs = endUs + this.settings.oneWayDelayUs;
    const trace = this.#trace;
    if (trace.on) trace.wire(way.send, nowUs, env, '', startUs - nowUs, endUs - startUs);

    const faults = this.settings.faults;
    const decision = faults.length === 0 ? undefined : decide(faults, env, this.#rng, nowUs);
    if (decision === undefined || decision.kind === 'pass') {
      sim.scheduleCall(arriveUs - nowUs, way.arrive, env);
      return;
    }
    switch (decision.kind) {
      case 'drop':
        // The drop is an event in every trace mode, so a run takes the same events whatever it records (and
        // `maxEvents` means the same); only a recording trace has anything to do at it.
        sim.schedule(arriveUs - nowUs, trace.on ? () => trace.wire(way.drop, sim.nowUs, env, decision.reason) : nothing);
        return;
      case 'delay':
        sim.schedule(arriveUs + decision.delayUs - nowUs, () => this.#deliver(way, env, decision.reason));
        return;
      case 'duplicate':
        sim.scheduleCall(arriveUs - nowUs, way.arrive, env);
        sim.schedule(arriveUs + decision.copyDelayUs - nowUs, () => this.#deliver(way, env, decision.reason));
        return;
    }
  }

  #deliver(way: Direction, env: WireMessage, note: string): void | Promise<void> {
    if (this.#trace.on) this.#trace.wire(way.deliver, this.#sim.nowUs, env, note);
    return way.to.receive(env);
  }

  #direction(from: SimNode, to: SimNode): Direction {
    const way: Direction = {
      busyUntilUs: 0, to, send: new TraceSite('send', from.name, to.name, this.name), deliver: new TraceSite('deliver', from.name, to.name),
      drop: new TraceSite('drop', from.name, to.name), arrive: (env) => this.#deliver(way, env, ''),
    };
    return way;
  }
}

/**
 * One direction of the link: a FIFO transmitter, the node at its end, the trace's sites of a message sent
 * and then delivered or dropped, and the event that delivers a message, made once so that a message in
 * flight costs its event and nothing more.
 */
interface Direction {
  busyUntilUs: number;
  readonly to: SimNode;
  readonly send: TraceSite;
  readonly deliver: TraceSite;
  readonly drop: TraceSite;
  readonly arrive: (env: WireMessage) => void | Promise<void>;
}

/** What a lost message's event does when the trace does not record. */
function nothing(): void {}
