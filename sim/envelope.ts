import type { HttpRequest, HttpResponse } from '../src/http/message.js';

/**
 * The origin's address, to which every request and every frame from a client is sent. There is one origin;
 * a cache on the way answers in its name, as an HTTP cache does, and keeps the addresses of what it passes on.
 */
export const originAddress = 'origin';

/**
 * A message on the wire, with the bookkeeping the simulator needs to route it and to name it in the trace.
 * An exchange is one client operation; every re-send of it is a new attempt of the same exchange.
 *
 * `from` and `to` are the ends of the whole trip, a client and the origin, and the topology routes by `to`
 * (`Topology.send`); who hands the message to a link at each hop is the link's business, and the trace's.
 */
export interface RequestEnvelope {
  readonly kind: 'request';
  /** The client that sent it. */
  readonly from: string;
  /** The origin (`originAddress`). */
  readonly to: string;
  readonly client: string;
  readonly exchangeId: number;
  readonly attempt: number;
  readonly request: HttpRequest;
  readonly bytes: number;
}

export interface ResponseEnvelope {
  readonly kind: 'response';
  /** The origin, also when the cache answered from its store. */
  readonly from: string;
  /** The client that asked. */
  readonly to: string;
  readonly client: string;
  readonly exchangeId: number;
  readonly attempt: number;
  /** The request it answers, so every hop can route it and the trace can name it. */
  readonly request: HttpRequest;
  readonly response: HttpResponse;
  readonly bytes: number;
}

export type Envelope = RequestEnvelope | ResponseEnvelope;

/**
 * One WebSocket frame of a graph socket (graphql-ws), after the upgrade: a text frame holding one message
 * as JSON, or a close frame. Frames ride the same links as HTTP messages, with the same timing, but they
 * are not requests or responses: the cache passes them through, the fault rules do not touch them.
 */
export interface FrameEnvelope {
  readonly kind: 'frame';
  /** The client or the origin, whichever end of the socket sent it. */
  readonly from: string;
  readonly to: string;
  readonly client: string;
  /** The connection: the exchange id of the upgrade request that opened it. */
  readonly exchangeId: number;
  /** Always 0: a frame is not an attempt of anything (the trace and the timeline show `#<connection>`). */
  readonly attempt: 0;
  /** The message's JSON text; for a close frame, its reason. */
  readonly text: string;
  /** Set on a close frame only (RFC 6455 §5.5.1). */
  readonly closeCode: number | undefined;
  /** What the trace names it by: `subscribe 1`, `next 1`, `connection_ack`, `close 4401`. */
  readonly label: string;
  /** UTF-8 length of the JSON text; a close frame's payload is its 2-byte code and its reason. */
  readonly bytes: number;
}

/** Anything a link carries. */
export type WireMessage = Envelope | FrameEnvelope;

export function responseTo(env: RequestEnvelope, response: HttpResponse): ResponseEnvelope {
  return {
    kind: 'response',
    from: env.to,
    to: env.from,
    client: env.client,
    exchangeId: env.exchangeId,
    attempt: env.attempt,
    request: env.request,
    response,
    bytes: response.bodyBytes,
  };
}
