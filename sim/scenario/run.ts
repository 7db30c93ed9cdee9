import { type ClientSettings, defaultClientSettings } from '../../src/client/settings.js';
import { demoAccounts } from '../../src/auth/accounts.js';
import { type Headers, request, type HttpRequest } from '../../src/http/message.js';
import type { EnumerationAlert } from '../../src/policy/enumeration-detector.js';
import { createOrigin, defaultOriginSettings, type GraphStats, type OriginEnvironment, type OriginSettings, type OriginState } from '../../src/origin.js';
import { createOriginStorage } from '../../src/origin-storage.js';
import { mintCredentials } from './credentials.js';
import { faultFromSpec } from '../faults/from-spec.js';
import { unstableLine } from '../faults/unstable-line.js';
import type { LinkSettings } from '../link.js';
import type { Exchange } from '../nodes/client.js';
import { type Rng, RngStreams } from '../rng.js';
import { Simulation } from '../simulation.js';
import { defaultTopologySettings, Topology, type TopologySettings } from '../topology.js';
import { Trace, type TraceMode } from '../trace.js';
import type { GraphSpec, ScenarioSpec, StepSpec, SubscriptionSpec } from './spec.js';
import type { SubscriptionRecord } from '../nodes/graph-socket-client.js';
import { scheduleSubscriptions } from './subscriptions.js';
import type { GraphSettings } from '../../src/graph/endpoint.js';
import { graphLimitsWith } from '../../src/graph/limits/settings.js';
import { defaultCostBudget } from '../../src/graph/cost-budget.js';

export interface RunOptions {
  readonly seed: number;
  readonly trace?: TraceMode;
  /** Stops a run that never settles; the default is far above any scenario we ship. */
  readonly maxEvents?: number;
}

/** One exchange as reports and `--json` show it. */
export interface ExchangeSummary {
  readonly step: number;
  readonly client: string;
  /** The credential the step sent, e.g. `session:alice` or `none`. */
  readonly auth: string;
  readonly method: string;
  readonly path: string;
  /** `null` when no response arrived (the outcome is unknown). */
  readonly status: number | null;
  readonly attempts: number;
  readonly latencyMs: number | null;
  readonly requestBytes: number;
  readonly responseBytes: number;
  readonly outcome: Exchange['outcome'];
}

export interface RunResult {
  readonly scenario: string;
  readonly seed: number;
  readonly traceHash: string;
  readonly trace: Trace;
  readonly endUs: number;
  readonly eventsRun: number;
  readonly exchanges: readonly Exchange[];
  readonly summary: readonly ExchangeSummary[];
  readonly originRequests: number;
  /** Times the origin process crashed and restarted (`crashes` in the scenario). */
  readonly originCrashes: number;
  /** WebSocket frames the origin read from clients (close frames included). */
  readonly originFrames: number;
  readonly cache: { readonly hits: number; readonly misses: number; readonly stores: number; readonly invalidations: number; readonly revalidations: number };
  readonly finalState: OriginState & { readonly notesCount: number };
  /** Probes the origin's enumeration detector caught (spec §5.8). */
  readonly alerts: readonly EnumerationAlert[];
  readonly audit: { readonly allowed: number; readonly denied: number };
  /** The scenario's subscriptions in order: what each sent and received over its socket, with times and bytes. */
  readonly subscriptions: readonly SubscriptionRecord[];
  /** The graph endpoint's totals at the end: resolver calls, objects resolved, sockets and subscriptions open. */
  readonly graph: GraphStats;
  readonly settings: {
    readonly topology: TopologySettings;
    readonly client: ClientSettings;
    readonly line: 'stable' | 'unstable';
    readonly orders: ScenarioSpec['modes']['orders'];
    readonly idempotencyRecord: ScenarioSpec['modes']['idempotencyRecord'];
  };
}

export async function runScenario(name: string, spec: ScenarioSpec, options: RunOptions): Promise<RunResult> {
  const sim = new Simulation();
  const trace = new Trace(options.trace ?? 'full');
  const streams = new RngStreams(options.seed);
  const env = originEnvironment(sim, streams.stream('origin'));
  const originSettings: OriginSettings = {
    ...defaultOriginSettings, orders: spec.modes.orders, idempotencyKey: spec.modes.idempotencyKey, idempotencyCommit: spec.modes.idempotencyRecord,
    graph: graphSettingsFrom(spec.graph),
  };
  const storage = createOriginStorage(env.now, env.newId, originSettings);
  // The process serving now: a crash replaces it with a new one on the same storage.
  let origin = createOrigin(env, originSettings, storage);
  const restarts = { crashes: spec.crashes, restart: () => (origin = createOrigin(env, originSettings, storage)) };
  const credentials = await mintCredentials(origin, new Set([...spec.steps, ...spec.subscriptions].map((step) => credentialOf(spec, step))));
  const topologySettings = topologyFrom(spec);
  const clientSettings: ClientSettings = { ...defaultClientSettings, ...spec.modes.client };
  const top = new Topology({ sim, trace, streams, origin, settings: topologySettings, clientSettings, restarts });

  const requests = spec.steps.map((step) => requestFrom(step, credentials.get(credentialOf(spec, step))));
  const stepExchanges = scheduleSteps(sim, top, spec.steps, requests);
  const subscriptions = scheduleSubscriptions(sim, top, spec.subscriptions, (s) => {
    const name = credentialOf(spec, s);
    return { name, headers: credentials.get(name) ?? {} };
  });
  await sim.run({ maxEvents: options.maxEvents ?? 50_000_000 });

  const summary = stepExchanges.map((exchange, step) => summarize(step, spec, requests[step]!, exchange));
  const state = origin.state();
  return {
    scenario: name,
    seed: options.seed,
    traceHash: trace.digest(),
    trace,
    endUs: sim.nowUs,
    eventsRun: sim.eventsRun,
    exchanges: stepExchanges.filter((x): x is Exchange => x !== undefined),
    summary,
    originRequests: top.origin.requestsHandled,
    originCrashes: top.origin.crashes,
    originFrames: top.origin.framesHandled,
    cache: { hits: top.cache.hits, misses: top.cache.misses, stores: top.cache.stores, invalidations: top.cache.invalidations, revalidations: top.cache.revalidations },
    finalState: { ...state, notesCount: state.notes.length },
    alerts: origin.alerts,
    audit: origin.audit.counts(),
    subscriptions,
    graph: origin.graphStats(),
    settings: { topology: topologySettings, client: clientSettings, line: spec.modes.line, orders: spec.modes.orders, idempotencyRecord: spec.modes.idempotencyRecord },
  };
}

/** The scenario's graph section on top of the defaults; "unlimited" is Infinity, which switches a limit off. */
export function graphSettingsFrom(graph: GraphSpec): GraphSettings {
  const { fieldWeights, defaultListSize, ...counts } = graph.limits;
  const overrides: Partial<Record<keyof typeof counts, number>> = {};
  for (const [name, value] of Object.entries(counts) as [keyof typeof counts, number | 'unlimited' | undefined][]) {
    if (value !== undefined) overrides[name] = value === 'unlimited' ? Infinity : value;
  }
  const limits = graphLimitsWith({ ...overrides, ...(fieldWeights && { fieldWeights }), ...(defaultListSize !== undefined && { defaultListSize }) });
  const { maximumAvailable, restoreRate } = graph.costBudget;
  const costBudget = {
    maximumAvailable: maximumAvailable === 'unlimited' ? Infinity : (maximumAvailable ?? defaultCostBudget.maximumAvailable),
    restoreRate: restoreRate ?? defaultCostBudget.restoreRate,
  };
  return { limits, persisted: graph.persisted, preloadedQueries: graph.preloadedQueries, costBudget };
}

function topologyFrom(spec: ScenarioSpec): TopologySettings {
  const d = defaultTopologySettings;
  const t = spec.topology;
  const wan = linkFrom(d.wan, t.wan);
  return {
    wan: spec.modes.line === 'unstable' ? { ...wan, faults: [unstableLine(), ...wan.faults] } : wan,
    lan: linkFrom(d.lan, t.lan),
    originProcessingUs: t.originProcessingUs ?? d.originProcessingUs,
    cacheHitUs: t.cacheHitUs ?? d.cacheHitUs,
    cache: spec.modes.cache,
  };
}

function linkFrom(base: LinkSettings, over: NonNullable<ScenarioSpec['topology']['wan']> | undefined): LinkSettings {
  if (over === undefined) return base;
  const bandwidth = over.bandwidthBitsPerSecond;
  return {
    oneWayDelayUs: over.oneWayDelayUs ?? base.oneWayDelayUs,
    bandwidthBitsPerSecond: bandwidth === undefined ? base.bandwidthBitsPerSecond : bandwidth === 'unlimited' ? Number.POSITIVE_INFINITY : bandwidth,
    faults: [...base.faults, ...(over.faults ?? []).map(faultFromSpec)],
  };
}

/**
 * A step with `atUs` starts at that time; a step without it starts when the previous step of the same
 * client is done (so a client's plain steps run one after another, like a person's).
 */
function scheduleSteps(sim: Simulation, top: Topology, steps: readonly StepSpec[], requests: readonly HttpRequest[]): (Exchange | undefined)[] {
  const exchanges: (Exchange | undefined)[] = steps.map(() => undefined);
  const byClient = new Map<string, number[]>();
  steps.forEach((step, i) => {
    const list = byClient.get(step.client) ?? [];
    list.push(i);
    byClient.set(step.client, list);
  });
  for (const [clientName, indices] of byClient) {
    const client = top.client(clientName);
    const launch = (k: number): void => {
      const i = indices[k]!;
      exchanges[i] = client.start(requests[i]!, () => {
        const next = indices[k + 1];
        if (next !== undefined && steps[next]!.atUs === undefined) launch(k + 1);
      });
    };
    indices.forEach((i, k) => {
      const atUs = steps[i]!.atUs;
      if (atUs !== undefined) sim.schedule(atUs, () => launch(k));
      else if (k === 0) sim.schedule(0, () => launch(0));
    });
  }
  return exchanges;
}

export function requestFrom(step: StepSpec, credential: Headers = {}): HttpRequest {
  const headers: Record<string, string> = { ...credential };
  for (const [name, value] of Object.entries(step.headers)) headers[name.toLowerCase()] = value;
  const body = step.rawBody ?? (step.body === undefined ? undefined : JSON.stringify(step.body));
  if (step.body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  return request(step.method, step.path, headers, body);
}

function summarize(step: number, scenario: ScenarioSpec, sent: HttpRequest, exchange: Exchange | undefined): ExchangeSummary {
  const req = exchange?.request ?? sent;
  const spec = scenario.steps[step]!;
  return {
    step,
    client: spec.client,
    auth: credentialOf(scenario, spec),
    method: req.method,
    path: req.path,
    status: exchange?.response?.status ?? null,
    attempts: exchange?.attempts ?? 0,
    latencyMs: exchange?.latencyUs === undefined ? null : exchange.latencyUs / 1000,
    requestBytes: req.bodyBytes,
    responseBytes: exchange?.response?.bodyBytes ?? 0,
    outcome: exchange?.outcome ?? 'pending',
  };
}

const usernames: ReadonlySet<string> = new Set(demoAccounts.map((a) => a.username));

/** A step's own credential; else its client's session when the client is named after a user; else the scenario's. */
export function credentialOf(spec: ScenarioSpec, step: Pick<StepSpec | SubscriptionSpec, 'client' | 'auth'>): string {
  return step.auth ?? (usernames.has(step.client) ? `session:${step.client}` : spec.auth);
}

/** Virtual time, and ids and the signing key from the origin's own random stream. */
function originEnvironment(sim: Simulation, rng: Rng): OriginEnvironment {
  const signingKey = new Uint8Array(32);
  for (let i = 0; i < signingKey.length; i++) signingKey[i] = rng.int(0, 255);
  return { now: sim.now, newId: () => rng.uuid(), signingKey };
}
