import type { ClientSettings } from '../../src/client/settings.js';
import type { Headers, HttpRequest } from '../../src/http/message.js';
import type { Exchange } from '../exchange.js';
import type { SubscriptionRecord } from '../nodes/graph-socket-client.js';
import type { OriginProcess } from '../nodes/origin-process.js';
import type { RunWorld } from '../run-world.js';
import type { Simulation } from '../simulation.js';
import { Topology, type TopologyOptions, type TopologySettings } from '../topology.js';
import type { Trace } from '../trace.js';
import { stepHoldsPlaceholders, RunCaptures } from './captures.js';
import { type RunRecord, summarize } from './result.js';
import { clientSettingsFrom, topologyFrom } from './settings.js';
import type { ScenarioSpec, StepSpec, SubscriptionSpec } from './spec.js';
import { requestFrom, scheduleSteps, type StepLaunch, type StepRequest } from './steps.js';
import { scheduleSubscriptions } from './subscriptions.js';

export interface StageOptions<P extends OriginProcess> extends RunWorld, Pick<TopologyOptions<P>, 'origin' | 'restarts' | 'originAnswers'> {
  /** The credential a step or subscription sends: its name for the summary, and its headers. */
  readonly credential: (step: StepSpec | SubscriptionSpec) => { readonly name: string; readonly headers: Headers | undefined };
}

/** A scenario set up to run: the network, and its steps and subscriptions scheduled on the clock. */
export interface Stage<P extends OriginProcess> {
  readonly top: Topology<P>;
  /** By step, as written: a step that uses a capture is sent with its placeholders filled, when it starts. */
  readonly requests: readonly HttpRequest[];
  /** By step, filled in as the run goes. */
  readonly stepExchanges: readonly (Exchange | undefined)[];
  /** By step, why it was not sent (a capture it needs found nothing), filled in as the run goes. */
  readonly notSent: readonly (string | undefined)[];
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
  const headers = spec.steps.map((step) => credential(step).headers);
  const requests = spec.steps.map((step, i) => requestFrom(step, headers[i]));
  const { exchanges: stepExchanges, notSent } = scheduleSteps(sim, top, spec.steps, stepLaunch(spec.steps, requests, headers));
  const subscriptions = scheduleSubscriptions(sim, top, spec.subscriptions, (s) => {
    const { name, headers } = credential(s);
    return { name, headers: headers ?? {} };
  });
  return { top, requests, stepExchanges, notSent, subscriptions, topologySettings, clientSettings };
}

/** Steps as written, and, when some hold placeholders, the run's captures that fill them as they start. */
function stepLaunch(steps: readonly StepSpec[], requests: readonly HttpRequest[], headers: readonly (Headers | undefined)[]): StepLaunch {
  const written: StepRequest[] = requests.map((request) => ({ sent: true, request }));
  const filled = steps.map(stepHoldsPlaceholders);
  if (!filled.includes(true)) return { request: (i) => written[i]!, ended: () => undefined, notSent: () => undefined };
  const captures = new RunCaptures(steps);
  return {
    request(i) {
      if (!filled[i]) return written[i]!;
      const made = captures.fill(i);
      return made.sent ? { sent: true, request: requestFrom(made.step, headers[i]) } : made;
    },
    ended: (i, exchange) => captures.take(i, exchange),
    notSent: (i) => captures.skip(i),
  };
}

/** What every run says at its end, whoever the origin. */
export function recordOf<P extends OriginProcess>(
  name: string, spec: ScenarioSpec, seed: number, sim: Simulation, trace: Trace, stage: Stage<P>, credentialName: (step: StepSpec) => string,
): RunRecord {
  const { top, requests, stepExchanges, notSent, subscriptions, topologySettings, clientSettings } = stage;
  return {
    scenario: name,
    seed,
    traceHash: trace.digest(),
    trace,
    endUs: sim.nowUs,
    eventsRun: sim.eventsRun,
    exchanges: stepExchanges.filter((x): x is Exchange => x !== undefined),
    summary: stepExchanges.map((exchange, step) => summarize(step, spec, requests[step]!, exchange, credentialName(spec.steps[step]!), notSent[step])),
    originRequests: top.origin.requestsHandled,
    originFrames: top.origin.framesHandled,
    cache: { hits: top.cache.hits, misses: top.cache.misses, stores: top.cache.stores, invalidations: top.cache.invalidations, revalidations: top.cache.revalidations },
    subscriptions,
    settings: { topology: topologySettings, client: clientSettings, line: spec.modes.line, orders: spec.modes.orders, idempotencyRecord: spec.modes.idempotencyRecord },
  };
}
