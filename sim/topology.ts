import { resendPolicies } from '../src/client/resend-policy.js';
import type { ClientSettings } from '../src/client/settings.js';
import { SharedCache } from '../src/cache/shared-cache.js';
import { originAddress, type WireMessage } from './envelope.js';
import { Link, type LinkSettings } from './link.js';
import type { Network, SimNode } from './node.js';
import { type CacheMode, CacheNode } from './nodes/cache.js';
import { ClientNode } from './nodes/client.js';
import { defaultConnectionInitWaitUs, type OriginAnswers, OriginNode } from './nodes/origin.js';
import type { OriginRestarts } from './nodes/origin-life.js';
import type { OriginProcess } from './nodes/origin-process.js';
import type { RngStreams } from './rng.js';
import type { RunWorld } from './run-world.js';
import type { Simulation } from './simulation.js';
import type { ExchangeTally } from './stats/exchange-tally.js';
import type { Trace } from './trace.js';

export interface TopologySettings {
  /** Each client's own line to the cache. Its fault rules are shared by all clients' lines. */
  readonly wan: LinkSettings;
  /** The cache's line to the origin. */
  readonly lan: LinkSettings;
  readonly originProcessingUs: number;
  /** How long the cache takes to answer from its store (used once the cache stores). */
  readonly cacheHitUs: number;
  /** How long the origin waits for a new socket's `connection_init` before closing it with 4408. */
  readonly connectionInitWaitUs: number;
  readonly cache: CacheMode;
}

/**
 * Spec §8.5 and DESIGN.md: 60 ms one way at 2 Mbit/s to the cache, a LAN of no delay, 15 ms at the origin;
 * graphql-ws's 3 s for `connection_init`.
 */
export const defaultTopologySettings: TopologySettings = {
  wan: { oneWayDelayUs: 60_000, bandwidthBitsPerSecond: 2_000_000, faults: [] },
  lan: { oneWayDelayUs: 0, bandwidthBitsPerSecond: Number.POSITIVE_INFINITY, faults: [] },
  originProcessingUs: 15_000,
  cacheHitUs: 0,
  connectionInitWaitUs: defaultConnectionInitWaitUs,
  cache: 'rfc9111',
};

export interface TopologyOptions<P extends OriginProcess> extends RunWorld {
  /** The origin process serving from the start. */
  readonly origin: P;
  readonly settings: TopologySettings;
  readonly clientSettings: ClientSettings;
  readonly restarts?: OriginRestarts<P> | undefined;
  /** `detached` for a guest's app (`OriginAnswers`). */
  readonly originAnswers?: OriginAnswers | undefined;
  /** Every client folds its finished exchanges into this one tally and keeps none (`ClientNodeOptions.tally`). */
  readonly tally?: ExchangeTally | undefined;
}

/**
 *   client ──WAN── cache ──LAN── origin
 * Clients are made on first use, each with its own WAN link and its own random streams. The topology owns
 * the links, and the nodes send through it: it routes each message by its address (`Network`).
 */
export class Topology<P extends OriginProcess = OriginProcess> implements Network {
  readonly cache: CacheNode;
  readonly origin: OriginNode<P>;
  readonly lan: Link;
  readonly clients = new Map<string, ClientNode>();
  /** Each client's line to the cache, by client name. */
  readonly #wans = new Map<string, Link>();
  readonly #sim: Simulation;
  readonly #trace: Trace;
  readonly #streams: RngStreams;
  readonly #settings: TopologySettings;
  readonly #clientSettings: ClientSettings;
  readonly #tally: ExchangeTally | undefined;
  #lastExchangeId = 0;
  readonly #ids = { next: (): number => ++this.#lastExchangeId };

  constructor({ sim, trace, streams, origin, settings, clientSettings, restarts, originAnswers, tally }: TopologyOptions<P>) {
    this.#sim = sim;
    this.#trace = trace;
    this.#streams = streams;
    this.#settings = settings;
    this.#clientSettings = clientSettings;
    this.#tally = tally;
    const store = new SharedCache({ invalidation: settings.cache === 'rfc9111' ? 'rfc9111' : 'never' });
    this.cache = new CacheNode({ name: 'cache', sim, trace, network: this, cacheHitUs: settings.cacheHitUs, store });
    this.origin = new OriginNode({ name: originAddress, sim, trace, network: this, process: origin, processingUs: settings.originProcessingUs, restarts, answers: originAnswers,
      connectionInitWaitUs: settings.connectionInitWaitUs,
    });
    this.lan = new Link({ name: 'lan', near: this.cache, far: this.origin, settings: settings.lan, sim, trace, rng: streams.stream('link:lan') });
  }

  client(name: string): ClientNode {
    let client = this.clients.get(name);
    if (client !== undefined) return client;
    const policy = resendPolicies[this.#clientSettings.policy];
    client = new ClientNode({
      name, sim: this.#sim, trace: this.#trace, network: this, settings: this.#clientSettings, policy, ids: this.#ids,
      streams: { jitter: this.#streams.stream(`client:${name}`), keys: this.#streams.stream('keys') }, tally: this.#tally,
    });
    const wanName = `wan:${name}`;
    const wan = new Link({
      name: wanName, near: client, far: this.cache, settings: this.#settings.wan, sim: this.#sim, trace: this.#trace,
      rng: this.#streams.stream(`link:${wanName}`),
    });
    this.#wans.set(name, wan);
    this.clients.set(name, client);
    return client;
  }

  /**
   * Hands `env` to the line from `from` toward `env.to`, as a host's routing table would: a client and the
   * origin have one line each; the cache sends toward the origin over the LAN, toward a client over its WAN.
   */
  send(from: SimNode, env: WireMessage): void {
    this.#lineFrom(from, env.to).send(from, env);
  }

  #lineFrom(from: SimNode, to: string): Link {
    if (from === this.origin || (from === this.cache && to === this.origin.name)) return this.lan;
    const wan = this.#wans.get(from === this.cache ? to : from.name);
    if (wan === undefined) throw new Error(`no line from ${from.name} toward ${to}`);
    return wan;
  }
}
