import type { HttpResponse } from '../../http/message.js';
import { type GraphError, graphError, graphErrorResponse } from '../http/graph-error.js';

/**
 * The persisted-query answers, with Apollo's codes and messages: Apollo Server's for automatic persisted
 * queries (APQ), Apollo Router's for a deployment that accepts only registered queries. Clients branch on
 * these codes, so they are not ours to rename.
 */

/**
 * Both Apollo products send this on answers that must not be reused: after a miss the client registers the
 * query, and its next GET of the same URL has to reach the origin rather than replay the miss from a cache.
 */
export const uncacheable = { 'cache-control': 'private, no-cache, must-revalidate' } as const;

export const hashMismatchError: GraphError = graphError('BAD_REQUEST', 'provided sha does not match query');

/** 200, as Apollo Server: the request is well-formed, and Apollo Client retries with the query on this code. */
export function persistedQueryNotFound(): HttpResponse {
  return graphErrorResponse(200, [graphError('PERSISTED_QUERY_NOT_FOUND', 'PersistedQueryNotFound')], uncacheable);
}

/** A different code from the APQ miss on purpose: sending the query would not help, so clients must not retry. */
export function persistedQueryNotInList(hash: string): HttpResponse {
  return graphErrorResponse(404, [graphError('PERSISTED_QUERY_NOT_IN_LIST',
    `Persisted query '${hash}' not found in the persisted query list`)], uncacheable);
}

export function persistedQueryIdRequired(): HttpResponse {
  return graphErrorResponse(400, [graphError('PERSISTED_QUERY_ID_REQUIRED',
    'This endpoint does not allow freeform GraphQL requests; operations must be sent by ID in the persisted queries GraphQL extension.')]);
}

export function cannotSendIdAndBody(): HttpResponse {
  return graphErrorResponse(400, [graphError('CANNOT_SEND_PQ_ID_AND_BODY',
    'Sending a persisted query ID and a body in the same request is disallowed')], uncacheable);
}

export function hashMismatch(): HttpResponse {
  return graphErrorResponse(400, [hashMismatchError]);
}
