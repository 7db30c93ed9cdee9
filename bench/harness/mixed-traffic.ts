import { defaultClientSettings } from '../../src/client/settings.js';
import { defaultCostBudget } from '../../src/graph/cost-budget.js';
import { type Headers, type HttpRequest, request } from '../../src/http/message.js';
import { createOrigin, defaultOriginSettings, type Origin, type OriginSettings } from '../../src/origin.js';
import { testEnvironment } from '../../src/testing-kit.js';
import { createOriginStorage } from '../../src/origin-storage.js';
import type { ClientNode } from '../../sim/nodes/client.js';
import type { Exchange } from '../../sim/exchange.js';
import { type Rng, RngStreams } from '../../sim/rng.js';
import { nestedSampleQuery } from '../../sim/scenario/builtin/graph.js';
import { Simulation } from '../../sim/simulation.js';
import { ExchangeTally } from '../../sim/stats/exchange-tally.js';
import { defaultTopologySettings, Topology } from '../../sim/topology.js';
import { Trace, type TraceBound, type TraceMode } from '../../sim/trace.js';

/**
 * Many people using the service at once: each client logs in as one of the demo customers and, after a
 * think time, reads and writes notes, reads an order of its own, or sends the spec's nested graph query. The
 * long-run benchmark (one simulated hour) and the scale benchmark (10× steps) both run it.
 */
export interface MixedTrafficShape {
  readonly clients: number;
  /** A client starts at most this many requests... */
  readonly requestsPerClient: number;
  /** ...and none after this virtual time; the run ends when the last one started is answered. */
  readonly untilUs: number;
  /** Think times are uniform in [0, 2 × mean], and so is each client's first start. */
  readonly meanThinkUs: number;
  /** `false` gives the graph query's share to note reads: for the scale steps, where a query of fixed demo data adds time but nothing that grows. */
  readonly graphQueries: boolean;
  /**
   * `kept` (when absent): an 'add note' adds a note for good, so the notes grow with the requests, as on a
   * service in use. `deleted`: a client holds at most one note it added, and its next 'add note' deletes that
   * one instead, so the origin's state stays the same size however long the run (the soak).
   */
  readonly addedNotes?: 'kept' | 'deleted';
}

/** An hour of 50 people, each acting every 25 s on average (reading a page takes a while): about 7,000 requests. */
export const simulatedHourShape: MixedTrafficShape = { clients: 50, requestsPerClient: Number.POSITIVE_INFINITY, untilUs: 3_600_000_000, meanThinkUs: 25_000_000, graphQueries: true };

/**
 * Without limits per caller: every client here is one of three demo customers, so their request rate and
 * graph budget would soon answer 429 to a crowd that no real user base would share, and the benchmark would
 * measure refusals instead of the mix.
 */
const crowdOriginSettings: OriginSettings = {
  ...defaultOriginSettings,
  rateLimit: { burst: 1e9, refillPerSecond: 1e9 },
  graph: { ...defaultOriginSettings.graph, costBudget: { ...defaultCostBudget, maximumAvailable: Number.POSITIVE_INFINITY } },
};

const customers = [
  { userId: 1, orderIds: [121, 122] },
  { userId: 2, orderIds: [123, 124] },
  { userId: 3, orderIds: [125, 126] },
] as const;

/** Each client writes its own note ids, so its reads find what it wrote and no 404 feeds the probe detector. */
const noteSlotsPerClient = 4;

/** Weights out of 100: reads outnumber writes, as on most services; a graph query is the heaviest request. */
const mix = [
  { kind: 'read note', weight: 30 },
  { kind: 'write note', weight: 20 },
  { kind: 'add note', weight: 10 },
  { kind: 'read order', weight: 25 },
  { kind: 'graph query', weight: 15 },
] as const;
type RequestKind = (typeof mix)[number]['kind'];
type Mix = readonly { readonly kind: RequestKind; readonly weight: number }[];
const restMix: Mix = mix.map((entry) => (entry.kind === 'graph query' ? { kind: 'read note', weight: entry.weight } : entry));

const graphBody = JSON.stringify({ query: nestedSampleQuery, variables: { id: '1', limit: 3 } });

/**
 * `keep` every exchange to the end of the run (what a scenario does), or `fold` each into the run's tally as it
 * finishes, so that memory does not grow with the requests.
 */
export type ExchangeKeeping = 'keep' | 'fold';

export interface MixedTrafficRun {
  readonly sim: Simulation;
  readonly trace: Trace;
  readonly topology: Topology;
  readonly origin: Origin;
  /** Where the exchanges went, when they were folded. */
  readonly tally: ExchangeTally | undefined;
  readonly requestsStarted: number;
  /** Exchanges that ended with a response, of any status. */
  readonly responses: number;
  /** Responses with a 2xx status: the mix is built so that every request succeeds. */
  readonly successes: number;
}

export async function runMixedTraffic(shape: MixedTrafficShape, traceMode: TraceMode, traceBound?: TraceBound, seed = 1, exchanges: ExchangeKeeping = 'keep'): Promise<MixedTrafficRun> {
  const traffic = startMixedTraffic(shape, traceMode, traceBound, seed, exchanges);
  await traffic.sim.run();
  return traffic.result();
}

/** A run set up and not yet run: whoever drives `sim` may stop between events (`untilUs`) to look at the process. */
export interface MixedTraffic {
  readonly sim: Simulation;
  readonly requestsStarted: () => number;
  /** Once `sim` has run to the end. */
  readonly result: () => MixedTrafficRun;
}

export function startMixedTraffic(shape: MixedTrafficShape, traceMode: TraceMode, traceBound?: TraceBound, seed = 1, exchanges: ExchangeKeeping = 'keep'): MixedTraffic {
  const sim = new Simulation();
  const trace = new Trace(traceMode, traceBound);
  const streams = new RngStreams(seed);
  const rng = streams.stream('workload');
  const env = { ...testEnvironment(), now: sim.now };
  const storage = createOriginStorage(env.now, env.newId, crowdOriginSettings);
  const addedNotes = shape.addedNotes ?? 'kept';
  // The store gives an added note the lowest free id above the last one it gave, which may be a slot no one has
  // written yet; deleting that note later would then delete the slot's owner's note. Slots that exist from the
  // start are never free, so added notes and slots stay apart.
  if (addedNotes === 'deleted') for (let id = 1; id <= shape.clients * noteSlotsPerClient; id++) storage.notes.put(id, `slot ${id}`);
  const origin = createOrigin(env, crowdOriginSettings, storage);
  const tally = exchanges === 'fold' ? new ExchangeTally() : undefined;
  const topology = new Topology({ sim, trace, streams, origin, settings: defaultTopologySettings, clientSettings: defaultClientSettings, tally });
  let requestsStarted = 0;

  for (let c = 0; c < shape.clients; c++) {
    const customer = customers[c % customers.length]!;
    const cookie = `sid=${origin.login.openSession(origin.accounts.byId(customer.userId)!, 0)}`;
    const person = new Person(c, customer.orderIds, { cookie }, { cookie, 'content-type': 'application/json' }, rng, shape.graphQueries ? mix : restMix, addedNotes);
    const client = topology.client(`client-${c}`);
    let sent = 0;
    const act = (): void => {
      if (sent >= shape.requestsPerClient) return;
      sent++;
      requestsStarted++;
      client.start(person.next(), think);
    };
    const think = (exchange: Exchange): void => {
      person.heard(exchange);
      const waitUs = rng.int(0, 2 * shape.meanThinkUs);
      if (sim.nowUs + waitUs <= shape.untilUs) sim.schedule(waitUs, act);
    };
    sim.schedule(rng.int(0, Math.min(2 * shape.meanThinkUs, shape.untilUs)), act);
  }

  const result = (): MixedTrafficRun => {
    if (tally !== undefined) {
      return { sim, trace, topology, origin, tally, requestsStarted, responses: tally.responses, successes: tally.responsesOfClass(2) };
    }
    const kept = [...topology.clients.values()].flatMap((client: ClientNode): Exchange[] => client.exchanges);
    const responses = kept.filter((x) => x.outcome === 'response');
    const successes = responses.filter((x) => x.response!.status < 300).length;
    return { sim, trace, topology, origin, tally, requestsStarted, responses: responses.length, successes };
  };
  return { sim, requestsStarted: () => requestsStarted, result };
}

/** One client's choices: which request next, drawn from the run's workload stream in event order. */
class Person {
  readonly #firstNoteId: number;
  readonly #orderIds: readonly number[];
  readonly #readHeaders: Headers;
  readonly #writeHeaders: Headers;
  readonly #rng: Rng;
  readonly #mix: Mix;
  readonly #addedNotes: 'kept' | 'deleted';
  /** Note slots this client has written, which it may read back. */
  readonly #written: number[] = [];
  #adds = 0;
  /** With `addedNotes: 'deleted'`: the note this client added and has not deleted yet. */
  #added: number | undefined;

  constructor(index: number, orderIds: readonly number[], readHeaders: Headers, writeHeaders: Headers, rng: Rng, mix: Mix, addedNotes: 'kept' | 'deleted') {
    this.#firstNoteId = index * noteSlotsPerClient + 1;
    this.#orderIds = orderIds;
    this.#readHeaders = readHeaders;
    this.#writeHeaders = writeHeaders;
    this.#rng = rng;
    this.#mix = mix;
    this.#addedNotes = addedNotes;
  }

  /**
   * The answer to this client's last request: a person sends one at a time, so it is in before the next
   * draw. Only the id of an added note matters, to delete it later; no draw is made here.
   */
  heard(exchange: Exchange): void {
    if (this.#addedNotes === 'kept' || exchange.request.method !== 'POST' || exchange.request.path !== '/notes') return;
    const location = exchange.response?.status === 201 ? exchange.response.headers.location : undefined;
    if (location !== undefined) this.#added = Number(location.slice('/notes/'.length));
  }

  next(): HttpRequest {
    const kind = this.#kind();
    const rng = this.#rng;
    switch (kind) {
      case 'read note':
        if (this.#written.length > 0) return request('GET', this.#notePath(rng.pick(this.#written)), this.#readHeaders);
        return this.#write(rng.int(0, noteSlotsPerClient - 1));
      case 'write note':
        return this.#write(rng.int(0, noteSlotsPerClient - 1));
      case 'add note':
        if (this.#added !== undefined) return this.#deleteAdded(this.#added);
        return request('POST', '/notes', this.#writeHeaders, JSON.stringify({ content: `added ${++this.#adds} by ${this.#firstNoteId}` }));
      case 'read order':
        return request('GET', `/orders/${rng.pick(this.#orderIds)}`, this.#readHeaders);
      case 'graph query':
        return request('POST', '/graphql', this.#writeHeaders, graphBody);
    }
  }

  #kind(): RequestKind {
    let roll = this.#rng.int(0, 99);
    for (const entry of this.#mix) {
      if (roll < entry.weight) return entry.kind;
      roll -= entry.weight;
    }
    throw new Error('the mix weights must add up to 100');
  }

  #write(slot: number): HttpRequest {
    if (!this.#written.includes(slot)) this.#written.push(slot);
    return request('PUT', this.#notePath(slot), this.#writeHeaders, JSON.stringify({ content: `note ${this.#firstNoteId + slot}, version ${this.#rng.int(1, 1_000)}` }));
  }

  #deleteAdded(id: number): HttpRequest {
    this.#added = undefined;
    return request('DELETE', `/notes/${id}`, this.#readHeaders);
  }

  #notePath(slot: number): string {
    return `/notes/${this.#firstNoteId + slot}`;
  }
}
