import { type HttpRequest, request, response } from '../src/http/message.js';
import { type Envelope, originAddress, type RequestEnvelope, type ResponseEnvelope, responseTo, type WireMessage } from './envelope.js';
import type { FaultRule } from './faults/fault-rule.js';
import { Link } from './link.js';
import type { Network, SimNode } from './node.js';
import { RngStreams } from './rng.js';
import { Simulation } from './simulation.js';
import { Trace } from './trace.js';

/** Test fixtures shared by the simulator's unit tests. */

export function requestEnvelope(exchangeId: number, req: HttpRequest = request('GET', '/notes/1'), attempt = 1): RequestEnvelope {
  return { kind: 'request', from: 'client', to: originAddress, client: 'client', exchangeId, attempt, request: req, bytes: req.bodyBytes };
}

export function responseEnvelope(exchangeId: number, body?: string, attempt = 1): ResponseEnvelope {
  return responseTo(requestEnvelope(exchangeId, undefined, attempt), response(200, {}, body));
}

/** A node that remembers what arrived and when. */
export class Recorder implements SimNode {
  readonly arrivals: { atUs: number; env: Envelope }[] = [];
  constructor(
    readonly name: string,
    private readonly sim: Simulation,
  ) {}
  receive(env: Envelope): void {
    this.arrivals.push({ atUs: this.sim.nowUs, env });
  }
}

/** The network of a test with two nodes and one link between them, set once the nodes that it joins exist. */
export class OneLink implements Network {
  link: Link | undefined;
  send(from: SimNode, env: WireMessage): void {
    if (this.link === undefined) throw new Error('the test has not made its link yet');
    this.link.send(from, env);
  }
}

/** A link between two recorders, on a fresh simulation with a seeded stream. */
export function linkBetweenRecorders(
  settings: { oneWayDelayUs?: number; bandwidthBitsPerSecond?: number; faults?: FaultRule[] } = {},
  seed = 1,
) {
  const sim = new Simulation();
  const trace = new Trace('full');
  const near = new Recorder('near', sim);
  const far = new Recorder('far', sim);
  const link = new Link({
    name: 'test',
    near,
    far,
    settings: { oneWayDelayUs: settings.oneWayDelayUs ?? 60_000, bandwidthBitsPerSecond: settings.bandwidthBitsPerSecond ?? 2_000_000, faults: settings.faults ?? [] },
    sim,
    trace,
    rng: new RngStreams(seed).stream('link:test'),
  });
  return { sim, trace, near, far, link };
}
