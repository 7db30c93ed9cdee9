import type { WireMessage } from './envelope.js';
import { decide, type FaultRule } from './faults/fault-rule.js';
import { frameEvent } from './frame.js';
import type { SimNode } from './node.js';
import type { Rng } from './rng.js';
import type { Simulation } from './simulation.js';
import { messageEvent, type Trace, type TraceEvent, type TraceKind } from './trace.js';

export interface LinkSettings {
  readonly oneWayDelayUs: number;
  /** `Infinity` for a link whose serialization time is negligible (the LAN to the origin). */
  readonly bandwidthBitsPerSecond: number;
  /** Asked in order for every message; see `decide`. */
  readonly faults: readonly FaultRule[];
}

/** One direction of a link: a FIFO transmitter that sends one message at a time. */
interface Transmitter {
  busyUntilUs: number;
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
  readonly #toFar: Transmitter = { busyUntilUs: 0 };
  readonly #toNear: Transmitter = { busyUntilUs: 0 };
  readonly #usPerByte: number;

  constructor(name: string, near: SimNode, far: SimNode, settings: LinkSettings, sim: Simulation, trace: Trace, rng: Rng) {
    if (!Number.isSafeInteger(settings.oneWayDelayUs) || settings.oneWayDelayUs < 0) {
      throw new RangeError(`${name}: oneWayDelayUs must be a non-negative integer, got ${settings.oneWayDelayUs}`);
    }
    if (!(settings.bandwidthBitsPerSecond > 0)) {
      throw new RangeError(`${name}: bandwidthBitsPerSecond must be positive, got ${settings.bandwidthBitsPerSecond}`);
    }
    this.name = name;
    this.near = near;
    this.far = far;
    this.settings = settings;
    this.#sim = sim;
    this.#trace = trace;
    this.#rng = rng;
    this.#usPerByte = 8_000_000 / settings.bandwidthBitsPerSecond;
  }

  /** Serialization time of `bytes`, rounded up to a whole microsecond (4 µs per byte at 2 Mbit/s). */
  serializationUs(bytes: number): number {
    return Math.ceil(bytes * this.#usPerByte);
  }

  send(from: SimNode, env: WireMessage): void {
    const towardFar = from === this.near;
    const to = towardFar ? this.far : this.near;
    const tx = towardFar ? this.#toFar : this.#toNear;
    const sim = this.#sim;
    const nowUs = sim.nowUs;
    const startUs = tx.busyUntilUs > nowUs ? tx.busyUntilUs : nowUs;
    const endUs = startUs + this.serializationUs(env.bytes);
    tx.busyUntilUs = endUs;
    const arriveUs = endUs + this.settings.oneWayDelayUs;
    const trace = this.#trace;
    if (trace.on) {
      trace.record({
        ...wireEvent(nowUs, 'send', from.name, to.name, env, ''),
        link: this.name, queuedUs: startUs - nowUs, transmitUs: endUs - startUs,
      });
    }

    const faults = this.settings.faults;
    const decision = faults.length === 0 ? undefined : decide(faults, env, this.#rng, nowUs);
    if (decision === undefined || decision.kind === 'pass') {
      sim.schedule(arriveUs - nowUs, () => this.#deliver(to, env));
      return;
    }
    switch (decision.kind) {
      case 'drop':
        if (trace.on) sim.schedule(arriveUs - nowUs, () => trace.record(wireEvent(sim.nowUs, 'drop', from.name, to.name, env, decision.reason)));
        return;
      case 'delay':
        sim.schedule(arriveUs + decision.delayUs - nowUs, () => this.#deliver(to, env, decision.reason));
        return;
      case 'duplicate':
        sim.schedule(arriveUs - nowUs, () => this.#deliver(to, env));
        sim.schedule(arriveUs + decision.copyDelayUs - nowUs, () => this.#deliver(to, env, decision.reason));
        return;
    }
  }

  #deliver(to: SimNode, env: WireMessage, note = ''): void | Promise<void> {
    if (this.#trace.on) {
      const from = to === this.far ? this.near : this.far;
      this.#trace.record(wireEvent(this.#sim.nowUs, 'deliver', from.name, to.name, env, note));
    }
    return to.receive(env, this);
  }
}

function wireEvent(atUs: number, kind: TraceKind, from: string, to: string, env: WireMessage, note: string): TraceEvent {
  return env.kind === 'frame' ? frameEvent(atUs, kind, from, to, env) : messageEvent(atUs, kind, from, to, env, note);
}
