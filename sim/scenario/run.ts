import { createOrigin, type OriginEnvironment } from '../../src/origin.js';
import { createOriginStorage } from '../../src/origin-storage.js';
import type { Exchange } from '../nodes/client.js';
import { type Rng, RngStreams } from '../rng.js';
import { Simulation } from '../simulation.js';
import { Topology } from '../topology.js';
import { Trace, type TraceMode } from '../trace.js';
import { credentialOf, mintCredentials } from './credentials.js';
import { type RunResult, summarize } from './result.js';
import { clientSettingsFrom, originSettingsFrom, topologyFrom } from './settings.js';
import type { ScenarioSpec } from './spec.js';
import { requestFrom, scheduleSteps } from './steps.js';
import { scheduleSubscriptions } from './subscriptions.js';

// Reports, tools and the CLI import the result from here, beside the function that makes it.
export type { RunResult } from './result.js';

/** Far above any scenario we ship: a run that takes more events than this is taken never to settle. */
export const defaultMaxEvents = 50_000_000;

export interface RunOptions {
  readonly seed: number;
  readonly trace?: TraceMode;
  /** Stops a run that never settles; `defaultMaxEvents` when absent. */
  readonly maxEvents?: number;
}

export async function runScenario(name: string, spec: ScenarioSpec, options: RunOptions): Promise<RunResult> {
  const sim = new Simulation();
  const trace = new Trace(options.trace ?? 'full');
  const streams = new RngStreams(options.seed);
  const env = originEnvironment(sim, streams.stream('origin'));
  const originSettings = originSettingsFrom(spec);
  const storage = createOriginStorage(env.now, env.newId, originSettings);
  const first = createOrigin(env, originSettings, storage);
  const credentials = await mintCredentials(first, new Set([...spec.steps, ...spec.subscriptions].map((step) => credentialOf(spec, step))));
  const topologySettings = topologyFrom(spec);
  const clientSettings = clientSettingsFrom(spec);
  // A crash replaces the process with a new one on the same storage; `top.origin.process` is the one serving.
  const restarts = { crashes: spec.crashes, restart: () => createOrigin(env, originSettings, storage) };
  const top = new Topology({ sim, trace, streams, origin: first, settings: topologySettings, clientSettings, restarts });

  const requests = spec.steps.map((step) => requestFrom(step, credentials.get(credentialOf(spec, step))));
  const stepExchanges = scheduleSteps(sim, top, spec.steps, requests);
  const subscriptions = scheduleSubscriptions(sim, top, spec.subscriptions, (s) => {
    const credential = credentialOf(spec, s);
    return { name: credential, headers: credentials.get(credential) ?? {} };
  });
  await sim.run({ maxEvents: options.maxEvents ?? defaultMaxEvents });

  const origin = top.origin.process;
  const state = origin.state();
  return {
    scenario: name,
    seed: options.seed,
    traceHash: trace.digest(),
    trace,
    endUs: sim.nowUs,
    eventsRun: sim.eventsRun,
    exchanges: stepExchanges.filter((x): x is Exchange => x !== undefined),
    summary: stepExchanges.map((exchange, step) => summarize(step, spec, requests[step]!, exchange)),
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

/** Virtual time, and ids and the signing key from the origin's own random stream. */
function originEnvironment(sim: Simulation, rng: Rng): OriginEnvironment {
  const signingKey = new Uint8Array(32);
  for (let i = 0; i < signingKey.length; i++) signingKey[i] = rng.int(0, 255);
  return { now: sim.now, newId: () => rng.uuid(), signingKey };
}
