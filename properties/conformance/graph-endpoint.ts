import type { Check, CheckContext, Verdict } from './check.js';
import type { WireExchange } from './wire.js';
import { jsonOf } from './wire.js';

/**
 * The graph endpoint is not there at all: a 404 whose body is no GraphQL response (neither `data` nor
 * `errors`). Every graph check ends on it with the same finding, whichever request met it first, so that a
 * deployment without /graphql reads as that, not as four unrelated failures and skips.
 */
export class NoGraphEndpoint extends Error {
  override readonly name = 'NoGraphEndpoint';
  readonly exchange: WireExchange;

  constructor(exchange: WireExchange) {
    super(`no graph endpoint: ${exchange.request.method} ${new URL(exchange.request.url).pathname} answered ${exchange.response.status}`);
    this.exchange = exchange;
  }
}

/** A body GraphQL-over-HTTP could have sent: a JSON object with `data` or `errors`. */
export function isGraphResponse(exchange: WireExchange): boolean {
  const body = jsonOf(exchange.response);
  return typeof body === 'object' && body !== null && !Array.isArray(body) && ('data' in body || 'errors' in body);
}

/** Throws `NoGraphEndpoint` when the exchange shows there is none; else gives it back. */
export function fromGraphEndpoint(exchange: WireExchange): WireExchange {
  if (exchange.response.status === 404 && !isGraphResponse(exchange)) throw new NoGraphEndpoint(exchange);
  return exchange;
}

/** A graph check whose run ends in the shared "no graph endpoint" finding when the endpoint is missing. */
export function graphCheck(check: Check): Check {
  return {
    ...check,
    async run(ctx: CheckContext): Promise<Verdict> {
      try {
        return await check.run(ctx);
      } catch (error) {
        if (!(error instanceof NoGraphEndpoint)) throw error;
        const path = ctx.shape.graph?.path ?? '/graphql';
        return {
          outcome: 'fail',
          reason: `no graph endpoint at ${path}`,
          findings: [{ what: `no graph endpoint at ${path}`, expected: 'a GraphQL response (`data` or `errors`) from the graph endpoint', got: `${error.exchange.response.status} ${error.exchange.response.body.slice(0, 120)}`, exchange: error.exchange }],
        };
      }
    },
  };
}
