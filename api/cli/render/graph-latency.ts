import type { Exchange } from '../../../sim/exchange.js';
import { formatMs } from '../../../sim/format.js';
import type { TraceEvent } from '../../../sim/trace-event.js';

/**
 * Where one exchange's latency went, read off its trace events rather than recomputed, so it explains what
 * the simulator did instead of restating the timing model.
 */
export interface LatencyParts {
  readonly totalUs: number;
  /** Putting the request's bytes on the lines (4 µs a byte on the WAN). */
  readonly requestTransmitUs: number;
  readonly responseTransmitUs: number;
  /** Waiting for a busy transmitter to finish an earlier message. */
  readonly queuedUs: number;
  /** From the request's arrival at the origin to its answer. */
  readonly originUs: number;
  /** The rest: one-way delays of the lines, and a cache's time to answer a hit. */
  readonly inFlightUs: number;
  readonly answeredByOrigin: boolean;
}

/** `undefined` for an exchange that needed more than one attempt: its time went to waiting, not to the lines. */
export function latencyParts(events: readonly TraceEvent[], exchange: Exchange): LatencyParts | undefined {
  if (exchange.latencyUs === undefined || exchange.attempts !== 1) return undefined;
  const own = events.filter((e) => e.exchangeId === exchange.id);
  const sends = own.filter((e) => e.kind === 'send');
  const sum = (list: readonly TraceEvent[], pick: (e: TraceEvent) => number) => list.reduce((total, e) => total + pick(e), 0);
  const requestTransmitUs = sum(sends.filter((e) => e.status === 0), (e) => e.transmitUs);
  const responseTransmitUs = sum(sends.filter((e) => e.status !== 0), (e) => e.transmitUs);
  const queuedUs = sum(sends, (e) => e.queuedUs);
  const arrivedAtOrigin = own.find((e) => e.kind === 'deliver' && e.to === 'origin');
  const answered = own.find((e) => e.kind === 'process');
  const originUs = arrivedAtOrigin !== undefined && answered !== undefined ? answered.atUs - arrivedAtOrigin.atUs : 0;
  const totalUs = exchange.latencyUs;
  return {
    totalUs, requestTransmitUs, responseTransmitUs, queuedUs, originUs,
    inFlightUs: totalUs - requestTransmitUs - responseTransmitUs - queuedUs - originUs,
    answeredByOrigin: answered !== undefined,
  };
}

/** `139.428 ms = 120.000 ms in flight (60.000 ms each way) + 15.000 ms at the origin + ...`. */
export function renderLatency(parts: LatencyParts, exchange: Exchange, wanOneWayUs: number): string {
  const terms: string[] = [];
  const eachWay = parts.inFlightUs === 2 * wanOneWayUs ? ` (${formatMs(wanOneWayUs)} ms each way)` : '';
  terms.push(`${formatMs(parts.inFlightUs)} ms in flight${eachWay}`);
  if (parts.answeredByOrigin) terms.push(`${formatMs(parts.originUs)} ms at the origin`);
  else terms.push('0 ms at the origin (the cache answered)');
  terms.push(`${formatMs(parts.requestTransmitUs)} ms sending ${exchange.request.bodyBytes} B`);
  terms.push(`${formatMs(parts.responseTransmitUs)} ms receiving ${exchange.response?.bodyBytes ?? 0} B`);
  if (parts.queuedUs > 0) terms.push(`${formatMs(parts.queuedUs)} ms queued behind other messages`);
  return `${formatMs(parts.totalUs)} ms = ${terms.join(' + ')}`;
}
