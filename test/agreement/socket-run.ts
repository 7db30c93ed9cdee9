import type { HttpRequest, HttpResponse } from '../../src/http/message.js';
import type { OriginState } from '../../src/origin.js';
import type { EnumerationAlert } from '../../src/policy/enumeration-detector.js';
import type { Exchange } from '../../sim/exchange.js';
import { credentialOf } from '../../sim/scenario/credentials.js';
import type { RunResult } from '../../sim/scenario/result.js';
import { graphSettingsFrom } from '../../sim/scenario/settings.js';
import type { ScenarioSpec, StepSpec } from '../../sim/scenario/spec.js';
import { startCacheProxy } from '../../server/cache-proxy.js';
import { startOriginServer } from '../../server/origin-server.js';
import { Upstream } from '../../server/upstream.js';
import { loginOverSocket } from './real-credentials.js';
import { RealSubscriber, type RealSubscription, realSubscription } from './socket-subscribers.js';

/** What a scenario did on real sockets: the same things `RunResult` says about the simulated run. */
export interface SocketRun {
  /** By step, as `RunResult.exchanges`. */
  readonly responses: readonly HttpResponse[];
  readonly finalState: OriginState;
  /** Counted from the cache's `Cache-Status` answers, as `CacheNode` counts them. */
  readonly cache: { readonly hits: number; readonly misses: number; readonly stores: number };
  readonly audit: { readonly allowed: number; readonly denied: number };
  readonly alerts: readonly EnumerationAlert[];
  /** Lines the servers logged: a handler that threw, a response that could not be written. */
  readonly serverLog: readonly string[];
  /** By subscription, as `RunResult.subscriptions`. */
  readonly subscriptions: readonly RealSubscription[];
}

/**
 * Runs a scenario's steps over loopback, client → shared cache → origin as in the simulated topology, one at
 * a time in the order the simulated run started them, each with what the simulated client sent (an
 * `Idempotency-Key` its policy added included) but with credentials from a real login. Only scenarios whose
 * exchanges never overlap in the simulation have one such order; others are refused.
 *
 * Subscriptions take their places in that order: each `subscribe` when the simulated client sent it, each
 * client's `complete` at its `untilUs`, over a real WebSocket to the origin (`RealSubscriber`). After every
 * step the run waits until the origin has handed its sockets every message the step caused and each socket
 * has received them, so a push arrives between the same two steps as in the simulation.
 */
export async function runOverSockets(spec: ScenarioSpec, simulated: RunResult): Promise<SocketRun> {
  const order = timeline(spec, simulated);
  const serverLog: string[] = [];
  const log = (line: string): void => {
    serverLog.push(line);
  };
  const origin = await startOriginServer({
    port: 0, log,
    settings: { orders: spec.modes.orders, idempotencyKey: spec.modes.idempotencyKey, graph: graphSettingsFrom(spec.graph) },
  });
  const cache = await startCacheProxy({ upstreamUrl: origin.url, port: 0, log });
  const direct = new Upstream(origin.url, undefined);
  const subscribers = new Map<string, RealSubscriber>();
  const front = new Upstream(cache.url, undefined);
  try {
    const credentials = new Map<string, Readonly<Record<string, string>>>();
    for (const name of [...new Set([...spec.steps, ...spec.subscriptions].map((step) => credentialOf(spec, step)))].sort()) {
      credentials.set(name, await loginOverSocket(direct, name));
    }
    const responses: HttpResponse[] = [];
    const counts = { hits: 0, misses: 0, stores: 0 };
    const subscriptions = spec.subscriptions.map(() => realSubscription());
    for (const moment of order) {
      if (moment.kind === 'step') {
        const i = moment.index;
        const step = spec.steps[i]!;
        const sent = withCredential(simulated.exchanges[i]!.request, step, credentials.get(credentialOf(spec, step))!);
        const res = await front.send(sent);
        count(counts, res.headers['cache-status']);
        responses[i] = res;
      } else {
        const sub = spec.subscriptions[moment.index]!;
        const name = credentialOf(spec, sub);
        const key = `${sub.client} ${name}`;
        if (!subscribers.has(key)) subscribers.set(key, new RealSubscriber(origin.url, credentials.get(name)!));
        const subscriber = subscribers.get(key)!;
        const record = subscriptions[moment.index]!;
        if (moment.kind === 'complete') subscriber.complete(record);
        else {
          const before = origin.origin.graphStats().activeSubscriptions;
          await subscriber.subscribe(record, { query: sub.query, variables: sub.variables, operationName: sub.operationName }, () => origin.origin.graphStats().activeSubscriptions > before);
        }
      }
      for (let settled = origin.origin.socketMessagesSettled(); settled !== undefined; settled = origin.origin.socketMessagesSettled()) await settled;
      for (const subscriber of subscribers.values()) await subscriber.barrier();
    }
    const audit = origin.origin.audit.counts();
    return {
      responses, finalState: origin.origin.state(), cache: counts, audit: { allowed: audit.allowed, denied: audit.denied }, alerts: origin.origin.alerts, serverLog,
      subscriptions,
    };
  } finally {
    for (const subscriber of subscribers.values()) await subscriber.close();
    direct.close();
    front.close();
    await cache.close();
    await origin.close();
  }
}

/** What the real run does next: a step, or a subscription's `subscribe` or client `complete`. */
interface Moment {
  readonly kind: 'step' | 'subscribe' | 'complete';
  readonly index: number;
  readonly atUs: number;
}

/**
 * Steps and subscriptions in the order the simulation did them: a step when it started, a `subscribe` when
 * the simulated client sent it (or asked for it, if it never could), a `complete` at its `untilUs`.
 */
function timeline(spec: ScenarioSpec, simulated: RunResult): Moment[] {
  const steps = sequentialOrder(spec, simulated.exchanges).map((index): Moment => ({ kind: 'step', index, atUs: simulated.exchanges[index]!.startedUs }));
  const subscriptions = spec.subscriptions.flatMap((sub, index): Moment[] => {
    if (!sub.connectionInit) throw new Error('a client that never sends connection_init waits out a real timer; the socket run does not script it');
    const subscribeUs = simulated.subscriptions[index]!.subscribedUs ?? sub.atUs;
    return [{ kind: 'subscribe', index, atUs: subscribeUs }, ...(sub.untilUs === undefined ? [] : [{ kind: 'complete', index, atUs: sub.untilUs } as const])];
  });
  const rank = { subscribe: 0, step: 1, complete: 2 };
  // Stable: steps keep their order among themselves, subscriptions theirs.
  return [...subscriptions, ...steps].sort((a, b) => a.atUs - b.atUs || rank[a.kind] - rank[b.kind]);
}

/** Step indices by start time in the simulation, checked to be one after another. */
function sequentialOrder(spec: ScenarioSpec, exchanges: readonly Exchange[]): number[] {
  if (exchanges.length !== spec.steps.length || exchanges.some((x) => x.outcome !== 'response')) {
    throw new Error('every step must have completed with a response in the simulation');
  }
  const order = exchanges.map((_, i) => i).sort((a, b) => exchanges[a]!.startedUs - exchanges[b]!.startedUs || a - b);
  for (let k = 1; k < order.length; k++) {
    const previous = exchanges[order[k - 1]!]!;
    const next = exchanges[order[k]!]!;
    if (previous.completedUs! > next.startedUs) throw new Error(`steps ${order[k - 1]} and ${order[k]} overlap in the simulation; the socket run sends one at a time`);
  }
  return order;
}

/** The simulated request with the simulated credential swapped for the real one. */
export function withCredential(simulated: HttpRequest, step: StepSpec, credential: Readonly<Record<string, string>>): HttpRequest {
  const own = new Set(Object.keys(step.headers).map((name) => name.toLowerCase()));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(simulated.headers)) {
    if (own.has(name) || (name !== 'cookie' && name !== 'authorization')) headers[name] = value;
  }
  return { ...simulated, headers: { ...headers, ...credential } };
}

function count(counts: { hits: number; misses: number; stores: number }, cacheStatus: string | undefined): void {
  if (cacheStatus === undefined) throw new Error('a response through the cache without Cache-Status');
  if (/; hit\b/.test(cacheStatus)) counts.hits++;
  else if (!cacheStatus.includes('fwd=method')) counts.misses++;
  if (/; stored\b/.test(cacheStatus) && !cacheStatus.includes('revalidated')) counts.stores++;
}
