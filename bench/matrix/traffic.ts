import type { TraceEvent } from '../../sim/trace-event.js';

/** What one exchange (or a set of them) put on the lines, read from the trace. */
export interface Traffic {
  /** Requests sent on the WAN, re-sends included: each is one request/response pair attempted. */
  readonly roundTrips: number;
  /** Bytes on the WAN each way, re-sends and lost messages included (a lost message still used its transmitter). */
  readonly requestBytes: number;
  readonly responseBytes: number;
  /** Requests the origin handled: a cache hit needs none, a re-send one more. */
  readonly originRequests: number;
  readonly cacheHits: number;
}

export const noTraffic: Traffic = { roundTrips: 0, requestBytes: 0, responseBytes: 0, originRequests: 0, cacheHits: 0 };

/** Each client's line to the cache is named `wan:<client>` (sim/topology.ts). */
const onWan = (event: TraceEvent): boolean => event.link.startsWith('wan:');

function add(traffic: Traffic, event: TraceEvent): Traffic {
  if (event.kind === 'send' && onWan(event)) {
    return event.status === 0
      ? { ...traffic, roundTrips: traffic.roundTrips + 1, requestBytes: traffic.requestBytes + event.bytes }
      : { ...traffic, responseBytes: traffic.responseBytes + event.bytes };
  }
  if (event.kind === 'process') return { ...traffic, originRequests: traffic.originRequests + 1 };
  if (event.kind === 'cache' && event.note.startsWith('hit')) return { ...traffic, cacheHits: traffic.cacheHits + 1 };
  return traffic;
}

/** Traffic per exchange id; needs a trace recorded in `full` mode. */
export function trafficByExchange(events: readonly TraceEvent[]): ReadonlyMap<number, Traffic> {
  const byExchange = new Map<number, Traffic>();
  for (const event of events) byExchange.set(event.exchangeId, add(byExchange.get(event.exchangeId) ?? noTraffic, event));
  return byExchange;
}

export function sumTraffic(parts: readonly Traffic[]): Traffic {
  return parts.reduce((sum, t) => ({
    roundTrips: sum.roundTrips + t.roundTrips,
    requestBytes: sum.requestBytes + t.requestBytes,
    responseBytes: sum.responseBytes + t.responseBytes,
    originRequests: sum.originRequests + t.originRequests,
    cacheHits: sum.cacheHits + t.cacheHits,
  }), noTraffic);
}
