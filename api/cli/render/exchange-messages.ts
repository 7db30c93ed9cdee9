import type { Headers } from '../../../src/http/message.js';
import type { Exchange } from '../../../sim/exchange.js';
import type { ExchangeSummary, RunRecord } from '../../../sim/scenario/result.js';

/**
 * What was said in one step's exchange, as the client saw it: the request it sent (with what its policy added,
 * an Idempotency-Key) and the response that completed it. The cache and the origin may have seen other
 * headers on the way; the client's view is the one a user's code would have.
 */
export interface ExchangeMessages {
  /** As in the run's summary: the step, counted from 0 (shown from 1), and the simulator's exchange id (in the trace). */
  readonly step: number;
  readonly exchangeId: number;
  readonly client: string;
  readonly request: { readonly method: string; readonly path: string; readonly headers: Headers; readonly body: string | null };
  /** Null when no response arrived: the client gave up, or the run ended first. */
  readonly response: { readonly status: number; readonly headers: Headers; readonly body: string | null } | null;
  readonly attempts: number;
}

/**
 * Each started step's messages, in step order. `exchanges` holds only the steps that started, in step order,
 * and a started step has been sent at least once, so the summary's rows with attempts are its partners.
 */
export function exchangeMessages(result: Pick<RunRecord, 'summary' | 'exchanges'>): ExchangeMessages[] {
  const started = result.summary.filter((row) => row.attempts > 0);
  return started.flatMap((row, i) => {
    const exchange = result.exchanges[i];
    return exchange === undefined ? [] : [messagesOf(row, exchange)];
  });
}

function messagesOf(row: ExchangeSummary, exchange: Exchange): ExchangeMessages {
  const { request, response } = exchange;
  return {
    step: row.step,
    exchangeId: exchange.id,
    client: exchange.client,
    request: { method: request.method, path: request.path, headers: request.headers, body: request.body ?? null },
    response: response === undefined ? null : { status: response.status, headers: response.headers, body: response.body ?? null },
    attempts: exchange.attempts,
  };
}
