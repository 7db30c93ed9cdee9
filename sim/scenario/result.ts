import type { ClientSettings } from '../../src/client/settings.js';
import type { HttpRequest } from '../../src/http/message.js';
import type { GraphStats, OriginState } from '../../src/origin.js';
import type { EnumerationAlert } from '../../src/policy/enumeration-detector.js';
import type { Exchange } from '../exchange.js';
import type { SubscriptionRecord } from '../nodes/graph-socket-client.js';
import type { TopologySettings } from '../topology.js';
import type { Trace } from '../trace.js';
import type { AppOutputLog } from './guest-origin.js';
import type { ScenarioSpec } from './spec.js';

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
  /** `not-sent` for a step that needed a capture that found nothing (`notSent` says which, and why). */
  readonly outcome: Exchange['outcome'] | 'not-sent';
  /** Why the step was not sent, e.g. `it needs {{token}}, which step 1 (POST /login) could not capture: it was answered 401`; only for such a step. */
  readonly notSent?: string;
}

/** What every scenario run says, whoever the origin is. */
export interface RunRecord {
  readonly scenario: string;
  readonly seed: number;
  readonly traceHash: string;
  readonly trace: Trace;
  readonly endUs: number;
  readonly eventsRun: number;
  readonly exchanges: readonly Exchange[];
  readonly summary: readonly ExchangeSummary[];
  readonly originRequests: number;
  /** WebSocket frames the origin read from clients (close frames included). */
  readonly originFrames: number;
  readonly cache: { readonly hits: number; readonly misses: number; readonly stores: number; readonly invalidations: number; readonly revalidations: number };
  /** The scenario's subscriptions in order: what each sent and received over its socket, with times and bytes. */
  readonly subscriptions: readonly SubscriptionRecord[];
  readonly settings: {
    readonly topology: TopologySettings;
    readonly client: ClientSettings;
    readonly line: 'stable' | 'unstable';
    readonly orders: ScenarioSpec['modes']['orders'];
    readonly idempotencyRecord: ScenarioSpec['modes']['idempotencyRecord'];
  };
}

/** A run against apisim's own origin (`runScenario`): the record, and what that origin knows about itself. */
export interface RunResult extends RunRecord {
  /** Times the origin process crashed and restarted (`crashes` in the scenario). */
  readonly originCrashes: number;
  readonly finalState: OriginState & { readonly notesCount: number };
  /** Probes the origin's enumeration detector caught (spec §5.8). */
  readonly alerts: readonly EnumerationAlert[];
  readonly audit: { readonly allowed: number; readonly denied: number };
  /** The graph endpoint's totals at the end: resolver calls, objects resolved, sockets and subscriptions open. */
  readonly graph: GraphStats;
}

/**
 * A run against a guest's app (`runScenarioOnGuest`): the record, and what the guest's own `state()` said
 * at the end (undefined without one). apisim knows nothing else of an app it did not write.
 */
export interface GuestRunResult extends RunRecord {
  readonly guestState: unknown;
  /**
   * What the app did that the virtual world saw but cannot repeat, in words (`node:crypto's randomInt, called
   * 2 times: …`): a reason the same seed may run differently. Empty when it saw nothing (docs/guest-world.md).
   */
  readonly notVirtual: readonly string[];
  /** What the app wrote to its standard output and error, which the run kept out of the process's own. */
  readonly appOutput: AppOutputLog;
}

export function isGuestRun(result: RunResult | GuestRunResult): result is GuestRunResult {
  return 'guestState' in result;
}

/**
 * What became of the `step`-th step; `sent` is its request, for a step whose exchange never started. `auth`
 * is the credential it sent (a guest's steps send none of apisim's); `notSent`, why it was not sent at all.
 */
export function summarize(step: number, scenario: ScenarioSpec, sent: HttpRequest, exchange: Exchange | undefined, auth: string, notSent?: string): ExchangeSummary {
  const req = exchange?.request ?? sent;
  const spec = scenario.steps[step]!;
  return {
    step,
    client: spec.client,
    auth,
    method: req.method,
    path: req.path,
    status: exchange?.response?.status ?? null,
    attempts: exchange?.attempts ?? 0,
    latencyMs: exchange?.latencyUs === undefined ? null : exchange.latencyUs / 1000,
    requestBytes: req.bodyBytes,
    responseBytes: exchange?.response?.bodyBytes ?? 0,
    outcome: notSent === undefined ? (exchange?.outcome ?? 'pending') : 'not-sent',
    ...(notSent === undefined ? {} : { notSent }),
  };
}
