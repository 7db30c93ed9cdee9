import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import { utf8Bytes } from '../../http/message.js';

/**
 * The graphql-ws protocol (github.com/enisdenjo/graphql-ws, PROTOCOL.md), WebSocket subprotocol
 * `graphql-transport-ws`: the message vocabulary the socket speaks, and its close codes. Types only, plus
 * the label the trace shows for each message.
 */
export const graphqlTransportWs = 'graphql-transport-ws';

/** What `subscribe` carries: a GraphQL-over-HTTP request's members, `extensions` included. */
export interface SubscribePayload {
  readonly query: string;
  readonly variables?: Readonly<Record<string, unknown>> | null;
  readonly operationName?: string | null;
  readonly extensions?: Readonly<Record<string, unknown>> | null;
}

type Payload = Readonly<Record<string, unknown>> | null | undefined;

export type ClientMessage =
  | { readonly type: 'connection_init'; readonly payload?: Payload }
  | { readonly type: 'ping'; readonly payload?: Payload }
  | { readonly type: 'pong'; readonly payload?: Payload }
  | { readonly type: 'subscribe'; readonly id: string; readonly payload: SubscribePayload }
  | { readonly type: 'complete'; readonly id: string };

export type ServerMessage =
  | { readonly type: 'connection_ack'; readonly payload?: Payload }
  | { readonly type: 'ping'; readonly payload?: Payload }
  | { readonly type: 'pong'; readonly payload?: Payload }
  | { readonly type: 'next'; readonly id: string; readonly payload: FormattedExecutionResult }
  | { readonly type: 'error'; readonly id: string; readonly payload: readonly GraphQLFormattedError[] }
  | { readonly type: 'complete'; readonly id: string };

export type MessageType = ClientMessage['type'] | ServerMessage['type'];

/** The close codes this server sends (graphql-ws `CloseCode`, and RFC 6455 §7.4.1 for the 1xxx ones). */
export const closeCode = {
  /** The client ended the socket normally (RFC 6455). */
  normal: 1000,
  /** A frame larger than the server accepts (RFC 6455). */
  messageTooBig: 1009,
  invalidMessage: 4400,
  /** `subscribe` before `connection_ack`, or the credential no longer identifies the caller. */
  unauthorized: 4401,
  /** `connection_init` did not come within the server's wait. */
  connectionInitialisationTimeout: 4408,
  subscriberAlreadyExists: 4409,
  tooManyInitialisationRequests: 4429,
  internalServerError: 4500,
} as const;

/**
 * A close frame's reason is at most 123 bytes (RFC 6455 §5.5: a control frame's payload is at most 125
 * bytes, two of which are the code). Cut on a code point, never inside one.
 */
export function closeReason(text: string): string {
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const size = utf8Bytes(char);
    if (bytes + size > 123) break;
    out += char;
    bytes += size;
  }
  return out;
}

/**
 * What the trace names a message by: its type, and its id when it has one, e.g. `subscribe 1`, `next 1`,
 * `connection_ack`. An id is the client's own string: one that is not plain is shown as JSON, and cut, so
 * the trace's tab-separated line stays one line.
 */
export function messageLabel(message: { readonly type: string; readonly id?: string }): string {
  if (message.id === undefined) return message.type;
  const id = /^[\w.:-]{1,40}$/.test(message.id) ? message.id : JSON.stringify(message.id.length > 40 ? `${message.id.slice(0, 39)}…` : message.id);
  return `${message.type} ${id}`;
}
