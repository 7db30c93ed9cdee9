import { resendPolicies } from '../src/client/resend-policy.js';
import type { ClientSettings } from '../src/client/settings.js';
import { SharedCache } from '../src/cache/shared-cache.js';
import { Link, type LinkSettings } from './link.js';
import { CacheNode } from './nodes/cache.js';
import { ClientNode } from './nodes/client.js';
import { type OriginProcess, OriginNode, type OriginRestarts } from './nodes/origin.js';
import type { RngStreams } from './rng.js';
import type { Simulation } from './simulation.js';
import type { Trace } from './trace.js';

export interface TopologySettings {
  /** Each client's own line to the cache. Its fault rules are shared by all clients' lines. */
  readonly wan: LinkSettings;
  /** The cache's line to the origin. */
  readonly lan: LinkSettings;
  readonly originProcessingUs: number;
  /** How long the cache takes to answer from its store (used once the cache stores). */
  readonly cacheHitUs: number;
  /** `false` only to show, and to test, what a cache that ignores RFC 9111 §4.4 serves after a write. */
  readonly cacheInvalidation: boolean;
}

/** Spec §8.5 and DESIGN.md: 60 ms one way at 2 Mbit/s to the cache, a LAN of no delay, 15 ms at the origin. */
export const defaultTopologySettings: TopologySettings = {
  wan: { oneWayDelayUs: 60_000, bandwidthBitsPerSecond: 2_000_000, faults: [] },
  lan: { oneWayDelayUs: 0, bandwidthBitsPerSecond: Number.POSITIVE_INFINITY, faults: [] },
  originProcessingUs: 15_000,
  cacheHitUs: 0,
  cacheInvalidation: true,
};

/**
 *   client ──WAN── cache ──LAN── origin
 * Clients are made on first use, each with its own WAN link and its own random streams.
 */
export class Topology {
  readonly cache: CacheNode;
  readonly origin: OriginNode;
  readonly lan: Link;
  readonly clients = new Map<string, ClientNode>();
  readonly #sim: Simulation;
  readonly #trace: Trace;
  readonly #streams: RngStreams;
  readonly #settings: TopologySettings;
  readonly #clientSettings: ClientSettings;
  #lastExchangeId = 0;
  readonly #ids = { next: (): number => ++this.#lastExchangeId };

  constructor(
    sim: Simulation, trace: Trace, streams: RngStreams, origin: OriginProcess, settings: TopologySettings, clientSettings: ClientSettings, restarts?: OriginRestarts,
  ) {
    this.#sim = sim;
    this.#trace = trace;
    this.#streams = streams;
    this.#settings = settings;
    this.#clientSettings = clientSettings;
    this.cache = new CacheNode('cache', sim, trace, settings.cacheHitUs, new SharedCache({ invalidation: settings.cacheInvalidation }));
    this.origin = new OriginNode('origin', sim, trace, origin, settings.originProcessingUs, restarts);
    this.lan = new Link('lan', this.cache, this.origin, settings.lan, sim, trace, streams.stream('link:lan'));
    this.cache.upstream = this.lan;
  }

  client(name: string): ClientNode {
    let client = this.clients.get(name);
    if (client !== undefined) return client;
    const policy = resendPolicies[this.#clientSettings.policy];
    client = new ClientNode(name, this.#sim, this.#trace, this.#clientSettings, policy, this.#ids, {
      jitter: this.#streams.stream(`client:${name}`),
      keys: this.#streams.stream('keys'),
    });
    const wanName = `wan:${name}`;
    const wan = new Link(wanName, client, this.cache, this.#settings.wan, this.#sim, this.#trace, this.#streams.stream(`link:${wanName}`));
    client.link = wan;
    this.cache.downstream.set(name, wan);
    this.clients.set(name, client);
    return client;
  }
}
