import type { Forward, ResponseOutcome } from '../../src/cache/decisions.js';
import { SharedCache } from '../../src/cache/shared-cache.js';
import { isWebSocketUpgrade } from '../../src/http/websocket-upgrade.js';
import { type Envelope, type FrameEnvelope, type RequestEnvelope, type ResponseEnvelope, responseTo, type WireMessage } from '../envelope.js';
import type { Network, SimNode } from '../node.js';
import type { Simulation } from '../simulation.js';
import { frameEvent, messageEvent, type Trace } from '../trace.js';

/**
 * How the cache behaves, in the scenario's words (`modes.cache`): `no-invalidation` keeps serving what it
 * stored after a write, to show, and to test, what a cache that ignores RFC 9111 §4.4 serves.
 */
export const cacheModes = ['rfc9111', 'no-invalidation'] as const;
export type CacheMode = (typeof cacheModes)[number];

export interface CacheNodeOptions {
  readonly name: string;
  readonly sim: Simulation;
  readonly trace: Trace;
  /** What it sends through: the topology, which knows the line to the origin and each client's line. */
  readonly network: Network;
  /** How long an answer from the store takes. */
  readonly cacheHitUs?: number;
  readonly store?: SharedCache;
}

/**
 * The shared cache between the clients and the origin, on the virtual clock: `SharedCache` decides, this
 * node moves messages. A hit is answered after `cacheHitUs` over the client's own link without the origin;
 * anything else goes upstream, and its response is stored, merged or used to invalidate on the way back.
 */
export class CacheNode implements SimNode {
  readonly name: string;
  readonly store: SharedCache;
  /** Lookups answered from the store. */
  hits = 0;
  /** Lookups of a cacheable method that went upstream, conditional ones included. */
  misses = 0;
  /** Full responses stored. */
  stores = 0;
  /** Stored responses discarded because an unsafe method succeeded on their URL (RFC 9111 §4.4). */
  invalidations = 0;
  /** 304s that let the cache answer from a stored body. */
  revalidations = 0;
  readonly #sim: Simulation;
  readonly #trace: Trace;
  readonly #network: Network;
  readonly #cacheHitUs: number;
  /**
   * What each request sent upstream was, by client, exchange and attempt, until its response is back. A
   * list, since a duplicated request goes up twice; a response with no entry (a duplicate from upstream)
   * passes through untouched, as its first copy already did everything.
   */
  readonly #forwarded = new Map<string, Map<number, Forward[]>>();
  /** What a hit's event does, after `cacheHitUs`: one function for every hit. */
  readonly #answer = (out: ResponseEnvelope): void => this.#network.send(this, out);

  constructor({ name, sim, trace, network, cacheHitUs = 0, store = new SharedCache() }: CacheNodeOptions) {
    if (!Number.isSafeInteger(cacheHitUs) || cacheHitUs < 0) {
      throw new RangeError(`${name}: cacheHitUs must be a non-negative integer, got ${cacheHitUs}`);
    }
    this.name = name;
    this.#sim = sim;
    this.#trace = trace;
    this.#network = network;
    this.#cacheHitUs = cacheHitUs;
    this.store = store;
  }

  receive(env: WireMessage): void {
    if (env.kind === 'frame') this.#frame(env);
    else if (env.kind === 'request') this.#request(env);
    else this.#response(env);
  }

  /**
   * A WebSocket upgrade, its 101 and every frame after it go through untouched and are never looked up or
   * stored: they belong to one connection, not to a URL, and RFC 9111 has nothing to say about them.
   */
  #frame(env: FrameEnvelope): void {
    if (this.#trace.on) this.#trace.record(frameEvent(this.#sim.nowUs, 'pass', this.name, this.name, env));
    this.#network.send(this, env);
  }

  #request(env: RequestEnvelope): void {
    if (isWebSocketUpgrade(env.request)) {
      if (this.#trace.on) this.#trace.record(messageEvent(this.#sim.nowUs, 'pass', this.name, this.name, env, upgradeNote));
      this.#network.send(this, env);
      return;
    }
    const lookup = this.store.lookup(env.request, this.#sim.nowUs);
    if (lookup.kind === 'hit') {
      this.hits++;
      if (this.#trace.on) this.#note(env, `hit age=${lookup.ageS}`);
      const out = responseTo(env, lookup.response);
      this.#sim.scheduleCall(this.#cacheHitUs, this.#answer, out);
      return;
    }
    if (lookup.kind !== 'bypass') {
      this.misses++;
      if (this.#trace.on) this.#note(env, lookup.kind === 'miss' ? missNote(lookup.reason) : `revalidate: ${lookup.reason}`);
    }
    const key = attemptKey(env);
    let ofClient = this.#forwarded.get(env.client);
    if (ofClient === undefined) {
      ofClient = new Map();
      this.#forwarded.set(env.client, ofClient);
    }
    const list = ofClient.get(key);
    if (list === undefined) ofClient.set(key, [lookup]);
    else list.push(lookup);
    this.#network.send(this, lookup.request === env.request ? env : { ...env, request: lookup.request });
  }

  #response(env: ResponseEnvelope): void {
    const key = attemptKey(env);
    const ofClient = this.#forwarded.get(env.client);
    const list = ofClient?.get(key);
    const sent = list?.shift();
    if (sent === undefined) {
      if (this.#trace.on && isWebSocketUpgrade(env.request)) this.#trace.record(messageEvent(this.#sim.nowUs, 'pass', this.name, this.name, env, upgradeNote));
      this.#network.send(this, env);
      return;
    }
    if (list!.length === 0) ofClient!.delete(key);
    const outcome = this.store.onResponse(sent, env.response, this.#sim.nowUs);
    this.#count(outcome);
    if (this.#trace.on) this.#traceOutcome(env, outcome);
    const unchanged = outcome.response === env.response && sent.original === env.request;
    this.#network.send(this, unchanged ? env : { ...env, request: sent.original, response: outcome.response, bytes: outcome.response.bodyBytes });
  }

  #count(outcome: ResponseOutcome): void {
    for (const i of outcome.invalidations) this.invalidations += i.discarded;
    if (outcome.revalidated) this.revalidations++;
    if (outcome.storage?.kind === 'stored') this.stores++;
  }

  #traceOutcome(env: ResponseEnvelope, outcome: ResponseOutcome): void {
    for (const i of outcome.invalidations) {
      if (i.discarded > 0) this.#note(env, `invalidated ${i.key}${i.discarded > 1 ? ` (${i.discarded} variants)` : ''}`);
    }
    const storage = outcome.storage;
    if (storage === undefined) return;
    const stored = storage.kind === 'not-stored' ? `not stored: ${storage.reason}` : `stored max-age=${Math.floor(storage.freshnessS)}`;
    if (!outcome.revalidated) this.#note(env, stored);
    else this.#note(env, storage.kind === 'refreshed' ? `revalidated max-age=${Math.floor(storage.freshnessS)}` : `revalidated, ${stored}`);
  }

  #note(env: Envelope, note: string): void {
    if (this.#trace.on) this.#trace.record(messageEvent(this.#sim.nowUs, 'cache', this.name, this.name, env, note));
  }
}

const upgradeNote = 'websocket upgrade: passed through, never stored';

/** `miss` alone for the common case, so a timeline reads at a glance. */
function missNote(reason: string): string {
  return reason === 'nothing stored' ? 'miss' : `miss: ${reason}`;
}

/**
 * One attempt of one of a client's exchanges as a number: a string key (`client#id.attempt`) cost a third of
 * a microsecond a message to build and hash. Exchange ids are unique within a run; the forwarded map is
 * still kept per client, for hand-built tests.
 */
function attemptKey(env: Envelope): number {
  if (env.attempt >= attemptsPerExchange) throw new RangeError(`attempt ${env.attempt} of exchange #${env.exchangeId}: the cache counts at most ${attemptsPerExchange - 1}`);
  return env.exchangeId * attemptsPerExchange + env.attempt;
}

/** Far above any client's `maxAttempts`; keys stay exact integers for exchange ids below 2^37. */
const attemptsPerExchange = 65_536;
