import type { GraphQLFormattedError } from 'graphql';
import { type Headers, type HttpResponse, jsonResponse } from '../../http/message.js';

/**
 * A request-level GraphQL error, as the GraphQL spec's response format writes it. `extensions.code` is
 * required here because clients branch on it, not on the message: Apollo's persisted-query link retries on
 * `PERSISTED_QUERY_NOT_FOUND`, and monitoring counts codes.
 */
export interface GraphError extends GraphQLFormattedError {
  readonly extensions: { readonly code: string; readonly [member: string]: unknown };
}

export function graphError(code: string, message: string, extensions?: Readonly<Record<string, unknown>>): GraphError {
  return { message, extensions: { ...extensions, code } };
}

/**
 * GraphQL-over-HTTP's media type, for every graph response: with it, 4xx means "not executed" and 200 means
 * "executed", so a client can tell the two apart without reading the body.
 */
export const graphMediaType = 'application/graphql-response+json; charset=utf-8';

/**
 * A GraphQL response that carries only `errors`: the request never reached execution, so there is no
 * `data` member at all (GraphQL spec §7.1.2: `data` is absent when an error prevented execution).
 */
export function graphErrorResponse(
  status: number,
  errors: readonly GraphQLFormattedError[],
  headers?: Headers,
): HttpResponse {
  return jsonResponse(status, { errors }, { 'content-type': graphMediaType, ...headers });
}
