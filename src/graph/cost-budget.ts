import { GraphQLError } from 'graphql';
import { TokenBuckets } from '../rate-limit/token-bucket.js';

/**
 * A caller's budget of cost points (spec §8.1: counting requests is not enough for an endpoint where one
 * request can ask for a thousand objects). The names are Shopify's, the best-known API that does this, so the
 * numbers in `extensions.cost` read the way API engineers already know.
 */
export interface CostBudgetSettings {
  /** Points a caller holds when the budget is full. `Infinity` switches the budget off. */
  readonly maximumAvailable: number;
  /** Points restored per second, on the virtual clock. */
  readonly restoreRate: number;
}

/**
 * Four queries at the cost limit (250) in a burst, then one every five seconds; the spec's nested sample at
 * `limit: 5` (cost 111) nine times in a burst, then about one every two seconds. A person clicking through
 * pages never meets it; a script walking the graph is slowed within seconds.
 */
export const defaultCostBudget: CostBudgetSettings = { maximumAvailable: 1000, restoreRate: 50 };

/** `extensions.cost` of a graph response, as Shopify writes it. */
export interface CostReport {
  readonly requestedQueryCost: number;
  readonly throttleStatus: { readonly maximumAvailable: number; readonly currentlyAvailable: number; readonly restoreRate: number };
}

export type Charge =
  | { readonly ok: true; readonly report: CostReport | undefined }
  | { readonly ok: false; readonly status: 400 | 429; readonly error: GraphQLError; readonly report: CostReport; readonly retryAfterSeconds: number | undefined };

export function checkCostBudget(settings: CostBudgetSettings): void {
  if (!(settings.maximumAvailable === Infinity || (Number.isInteger(settings.maximumAvailable) && settings.maximumAvailable >= 1))) {
    throw new RangeError(`costBudget.maximumAvailable must be a positive integer or Infinity (no budget), got ${settings.maximumAvailable}`);
  }
  if (!(Number.isFinite(settings.restoreRate) && settings.restoreRate > 0)) {
    throw new RangeError(`costBudget.restoreRate must be a positive number of points per second, got ${settings.restoreRate}`);
  }
}

/**
 * Charges every admitted operation its estimated cost before it runs. The estimate, not what the operation
 * turns out to resolve, because it is what the server committed to when it admitted the query, and it is known
 * before any work is done; unlike Shopify we do not refund the difference afterwards (see docs/decisions/graph.md).
 * A refused operation is charged nothing.
 */
export class CostBudget {
  readonly settings: CostBudgetSettings;
  readonly #buckets: TokenBuckets | undefined;

  constructor(settings: CostBudgetSettings = defaultCostBudget) {
    checkCostBudget(settings);
    this.settings = settings;
    this.#buckets = settings.maximumAvailable === Infinity ? undefined : new TokenBuckets({ burst: settings.maximumAvailable, refillPerSecond: settings.restoreRate });
  }

  charge(subject: string, nowUs: number, cost: number): Charge {
    if (this.#buckets === undefined) return { ok: true, report: undefined };
    const { maximumAvailable, restoreRate } = this.settings;
    if (cost > maximumAvailable) {
      // Only reachable with the cost limit switched off: no wait would ever let it through, so no Retry-After.
      const report = this.#report(cost, this.#buckets.take(subject, nowUs, 0).remaining);
      const message = `The operation has an estimated cost of ${cost}, more than a caller's whole budget of ${maximumAvailable} points.`;
      return { ok: false, status: 400, error: new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COSTLY', cost, maximumAvailable } }), report, retryAfterSeconds: undefined };
    }
    const take = this.#buckets.take(subject, nowUs, cost);
    const report = this.#report(cost, take.remaining);
    if (take.ok) return { ok: true, report };
    const message = `Cost budget exceeded: the operation costs ${cost} points and ${report.throttleStatus.currentlyAvailable} are available, restored at ${restoreRate} a second; try again in ${take.retryAfterSeconds} s.`;
    return { ok: false, status: 429, error: new GraphQLError(message, { extensions: { code: 'THROTTLED' } }), report, retryAfterSeconds: take.retryAfterSeconds };
  }

  #report(cost: number, remaining: number): CostReport {
    const { maximumAvailable, restoreRate } = this.settings;
    // Whole points: a fraction restored a few microseconds ago is not something a client can spend or plan with.
    return { requestedQueryCost: cost, throttleStatus: { maximumAvailable, currentlyAvailable: Math.floor(remaining), restoreRate } };
  }
}
