import type { Exchange } from '../../../sim/exchange.js';
import type { TraceEvent } from '../../../sim/trace-event.js';

/** Scalars only, as `ChromeArgs`: headers go as their JSON text. */
type Args = Readonly<Record<string, string>>;

/**
 * What was said, for the Chrome trace: the request's headers and body on the client's sends of it (every
 * attempt sends the same request), the response's on the client's `done` instant (the response that completed
 * the exchange). The trace events name only the exchange, so the words come from the run's exchanges; the
 * event hash never sees them, which keeps trace hashes as they were. Bodies are whole: the viewer scrolls.
 */
export function messageArgs(exchanges: readonly Exchange[]): (e: TraceEvent) => Args {
  const byId = new Map(exchanges.map((x) => [x.id, x]));
  return (e): Args => {
    // A WebSocket frame's id is its connection's, not an exchange's.
    if (e.method === 'WS') return {};
    const exchange = byId.get(e.exchangeId);
    if (exchange === undefined || e.from !== exchange.client) return {};
    if (e.kind === 'send' && e.status === 0) {
      return { request_headers: JSON.stringify(exchange.request.headers), request_body: exchange.request.body ?? '' };
    }
    if (e.kind === 'complete' && exchange.response !== undefined) {
      return { response_headers: JSON.stringify(exchange.response.headers), response_body: exchange.response.body ?? '' };
    }
    return {};
  };
}
