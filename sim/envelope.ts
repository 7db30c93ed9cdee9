import type { HttpRequest, HttpResponse } from '../src/http/message.js';

/**
 * A message on the wire, with the bookkeeping the simulator needs to route it and to name it in the trace.
 * An exchange is one client operation; every re-send of it is a new attempt of the same exchange.
 */
export interface RequestEnvelope {
  readonly kind: 'request';
  readonly client: string;
  readonly exchangeId: number;
  readonly attempt: number;
  readonly request: HttpRequest;
  readonly bytes: number;
}

export interface ResponseEnvelope {
  readonly kind: 'response';
  readonly client: string;
  readonly exchangeId: number;
  readonly attempt: number;
  /** The request it answers, so every hop can route it and the trace can name it. */
  readonly request: HttpRequest;
  readonly response: HttpResponse;
  readonly bytes: number;
}

export type Envelope = RequestEnvelope | ResponseEnvelope;

export function responseTo(env: RequestEnvelope, response: HttpResponse): ResponseEnvelope {
  return {
    kind: 'response',
    client: env.client,
    exchangeId: env.exchangeId,
    attempt: env.attempt,
    request: env.request,
    response,
    bytes: response.bodyBytes,
  };
}
