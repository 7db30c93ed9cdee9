import type { Exchange } from '../../sim/exchange.js';
import type { ExchangeSummary } from '../../sim/scenario/result.js';
import type { RunResult } from '../../sim/scenario/run.js';
import type { MatrixScenario, MatrixVariant, VariantPlan } from './matrix-scenario.js';
import { noTraffic, sumTraffic, trafficByExchange } from './traffic.js';

/**
 * What a step's row takes from the run's own summary of its exchange (`ExchangeSummary`), under the report's
 * column names. The bytes are the request's and the response's bodies once each; the variant's summary counts
 * every copy on the wire.
 */
type ExchangeColumns = Pick<ExchangeSummary, 'client' | 'auth' | 'method' | 'path' | 'status' | 'attempts' | 'outcome'> & {
  /** First send to receipt of the whole response, re-sends included; null when none arrived. */
  readonly latency_ms: ExchangeSummary['latencyMs'];
  readonly request_bytes: ExchangeSummary['requestBytes'];
  readonly response_bytes: ExchangeSummary['responseBytes'];
};

/**
 * One step of one variant. The field names are the column names of `reports/scenarios.csv`, as in the
 * other reports. Times are virtual milliseconds (whole microseconds / 1000), written with three decimals.
 */
export interface MatrixRow extends ExchangeColumns {
  readonly scenario: string;
  readonly variant: string;
  readonly seed: number;
  /** 1-based, as the CLI numbers steps. */
  readonly step: number;
  /** `warm-up` steps only prepare the measured ones (a GET that fills the cache) and stay out of the summary. */
  readonly phase: 'warm-up' | 'measured';
  /** Virtual time of the step's first send. */
  readonly start_ms: number;
  /** Requests this step's exchange cost the origin: 0 for a cache hit, one more per re-send that got there. */
  readonly origin_requests: number;
  readonly cache_hits: number;
  readonly state_figure: string;
  readonly state_value: string;
}

/** One variant as a whole, the shape the report's tables and charts compare. */
export interface VariantSummary {
  readonly scenario: string;
  readonly variant: string;
  readonly seed: number;
  /** Measured steps (warm-up left out). */
  readonly exchanges: number;
  /** Requests sent on the WAN, re-sends included. */
  readonly round_trips: number;
  /** Bytes on the WAN each way, re-sends and lost messages included. */
  readonly request_bytes: number;
  readonly response_bytes: number;
  /**
   * First send to last receipt of the measured steps, idle waits between them included (a step that starts
   * 61 s later makes a 61 s span); null when there were none or one got no answer.
   */
  readonly span_ms: number | null;
  /**
   * Latency of one exchange (first send to receipt of the whole response, re-sends included) over the measured
   * steps: the mean (rounded to the microsecond, so that it prints the same everywhere) and the largest. Null
   * when a step got no answer: an unknown outcome has no latency to average.
   */
  readonly exchange_latency_mean_ms: number | null;
  readonly exchange_latency_max_ms: number | null;
  readonly origin_requests: number;
  readonly cache_hits: number;
  readonly state_figure: string;
  readonly state_value: string;
}

const ms = (us: number): number => us / 1000;

/** A step's exchange: every step starts one, so a missing one means the run did not settle. */
function exchangeOf(run: RunResult, step: number): Exchange {
  const exchange = run.exchanges[step];
  if (exchange === undefined || run.exchanges.length !== run.summary.length) throw new Error(`${run.scenario}: step ${step + 1} has no exchange`);
  return exchange;
}

/** The rows and the summary of one variant's run, which must have kept its trace (`full`). */
export function variantResult(
  scenario: MatrixScenario, variant: MatrixVariant, plan: VariantPlan, run: RunResult,
): { readonly rows: MatrixRow[]; readonly summary: VariantSummary } {
  if (run.trace.mode !== 'full' || run.trace.events.length !== run.trace.count) {
    throw new Error(`${run.scenario}: the matrix reads traffic from the trace, so it needs every event kept (trace "full")`);
  }
  const traffic = trafficByExchange(run.trace.events);
  const common = {
    scenario: scenario.name, variant: variant.name, seed: run.seed, state_figure: scenario.stateFigure.name, state_value: scenario.stateFigure.value(run),
  };
  const rows = run.summary.map((s, i): MatrixRow => {
    const exchange = exchangeOf(run, i);
    const t = traffic.get(exchange.id) ?? noTraffic;
    return {
      ...common,
      step: i + 1,
      phase: i < plan.warmUpSteps ? 'warm-up' : 'measured',
      client: s.client,
      auth: s.auth,
      method: s.method,
      path: s.path,
      status: s.status,
      attempts: s.attempts,
      outcome: s.outcome,
      start_ms: ms(exchange.startedUs),
      latency_ms: s.latencyMs,
      request_bytes: s.requestBytes,
      response_bytes: s.responseBytes,
      origin_requests: t.originRequests,
      cache_hits: t.cacheHits,
    };
  });
  const measured = run.exchanges.slice(plan.warmUpSteps);
  const total = sumTraffic(measured.map((x) => traffic.get(x.id) ?? noTraffic));
  const firstUs = Math.min(...measured.map((x) => x.startedUs));
  const lastUs = Math.max(...measured.map((x) => x.completedUs ?? Infinity));
  const latenciesUs = measured.flatMap((x) => (x.latencyUs === undefined ? [] : [x.latencyUs]));
  const answered = measured.length > 0 && Number.isFinite(lastUs) && latenciesUs.length === measured.length;
  const summary: VariantSummary = {
    ...common,
    exchanges: measured.length,
    round_trips: total.roundTrips,
    request_bytes: total.requestBytes,
    response_bytes: total.responseBytes,
    span_ms: answered ? ms(lastUs - firstUs) : null,
    exchange_latency_mean_ms: answered ? ms(Math.round(latenciesUs.reduce((a, b) => a + b, 0) / latenciesUs.length)) : null,
    exchange_latency_max_ms: answered ? ms(Math.max(...latenciesUs)) : null,
    origin_requests: total.originRequests,
    cache_hits: total.cacheHits,
  };
  return { rows, summary };
}
