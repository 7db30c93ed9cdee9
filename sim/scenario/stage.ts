import type { ClientSettings } from '../../src/client/settings.js';
import type { Headers, HttpRequest } from '../../src/http/message.js';
import type { Exchange } from '../exchange.js';
import type { SubscriptionRecord } from '../nodes/graph-socket-client.js';
import type { OriginProcess } from '../nodes/origin-process.js';
import type { RunWorld } from '../run-world.js';
import type { Simulation } from '../simulation.js';
import { Topology, type TopologyOptions, type TopologySettings } from '../topology.js';
import type { Trace } from '../trace.js';
import { type RunRecord, summarize } from './result.js';
import { clientSettingsFrom, topologyFrom } from './settings.js';
import type { ScenarioSpec, StepSpec, SubscriptionSpec } from './spec.js';
import { requestFrom, scheduleSteps } from './steps.js';
import { scheduleSubscriptions } from './subscriptions.js';

export interface StageOptions<P extends OriginProcess> extends RunWorld, Pick<TopologyOptions<P>, 'origin' | 'restarts' | 'originAnswers'> {
  /** The credential a step or subscription sends: its name for the summary, and its headers. */
  readonly credential: (step: StepSpec | SubscriptionSpec) => { readonly name: string; readonly headers: Headers | undefined };
}

/** A scenario set up to run: the network, and its steps and subscriptions scheduled on the clock. */
export interface Stage<P extends OriginProcess> {
  readonly top: Topology<P>;
  readonly requests: readonly HttpRequest[];
  /** By step, filled in as the run goes. */
  readonly stepExchanges: readonly (Exchange | undefined)[];
  readonly subscriptions: readonly SubscriptionRecord[];
  readonly topologySettings: TopologySettings;
  readonly clientSettings: ClientSettings;
}

/** What every run does before its loop, whoever the origin: the same order of steps, so the same trace. */
export function stageScenario<P extends OriginProcess>(spec: ScenarioSpec, options: StageOptions<P>): Stage<P> {
  const { sim, trace, streams, origin, restarts, originAnswers, credential } = options;
  const topologySettings = topologyFrom(spec);
  const clientSettings = clientSettingsFrom(spec);
  const top = new Topology({ sim, trace, streams, origin, settings: topologySettings, clientSettings, restarts, originAnswers });
  const requests = spec.steps.map((step) => requestFrom(step, credential(step).headers));
  const stepExchanges = scheduleSteps(sim, top, spec.steps, requests);
  const subscriptions = scheduleSubscriptions(sim, top, spec.subscriptions, (s) => {
    const { name, headers } = credential(s);
    return { name, headers: headers ?? {} };
  });
  return { top, requests, stepExchanges, subscriptions, topologySettings, clientSettings };
}

/** What every run says at its end, whoever the origin. */
export function recordOf<P extends OriginProcess>(
  name: string, spec: ScenarioSpec, seed: number, sim: Simulation, trace: Trace, stage: Stage<P>, credentialName: (step: StepSpec) => string,
): RunRecord {
  const { top, requests, stepExchanges, subscriptions, topologySettings, clientSettings } = stage;
  return {
    scenario: name,
    seed,
    traceHash: trace.digest(),
    trace,
    endUs: sim.nowUs,
    eventsRun: sim.eventsRun,
    exchanges: stepExchanges.filter((x): x is Exchange => x !== undefined),
    summary: stepExchanges.map((exchange, step) => summarize(step, spec, requests[step]!, exchange, credentialName(spec.steps[step]!))),
    originRequests: top.origin.requestsHandled,
    originFrames: top.origin.framesHandled,
    cache: { hits: top.cache.hits, misses: top.cache.misses, stores: top.cache.stores, invalidations: top.cache.invalidations, revalidations: top.cache.revalidations },
    subscriptions,
    settings: { topology: topologySettings, client: clientSettings, line: spec.modes.line, orders: spec.modes.orders, idempotencyRecord: spec.modes.idempotencyRecord },
  };
}
