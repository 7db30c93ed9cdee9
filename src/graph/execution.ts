import type { DocumentNode, ExecutionResult, GraphQLError } from 'graphql';
import type { HttpResponse } from '../http/message.js';
import { response } from '../http/message.js';
import { graphMediaType } from './http/graph-error.js';
import type { CompiledOperations } from './compiled-operations.js';
import type { GraphParams } from './graph-params.js';
import type { GraphContext } from './schema.js';

/**
 * Runs one operation of an admitted document (`GraphEndpoint.admit` has refused everything that must not
 * run). Variables that do not coerce stop it before any resolver: 400 with `errors` and no `data`. An executed
 * one is 200, with `errors` beside `data` when only some fields failed (spec 7.2: monitoring must read
 * `errors`, not only the status).
 */
export async function runOperation(
  operations: CompiledOperations,
  document: DocumentNode,
  params: GraphParams,
  context: GraphContext,
  extensions: object | undefined,
): Promise<{ readonly response: HttpResponse; readonly executed: boolean; readonly partial: boolean }> {
  const result = await operations.run(document, params, context);
  // Variable coercion fails before any resolver runs, and execute then returns no `data` at all.
  const executed = result.data !== undefined;
  return { response: graphResponse(executed ? 200 : 400, { ...result, extensions }), executed, partial: executed && (result.errors?.length ?? 0) > 0 };
}

/** The GraphQL response format: `errors` only when there are some, `data` only when execution began. */
export function graphResponse(
  status: number,
  result: { readonly errors?: readonly GraphQLError[] | undefined; readonly data?: ExecutionResult['data']; readonly extensions?: object | undefined },
  headers: Record<string, string> = {},
): HttpResponse {
  const body: Record<string, unknown> = {};
  if (result.errors !== undefined && result.errors.length > 0) body.errors = result.errors.map((e) => e.toJSON());
  if (result.data !== undefined) body.data = result.data;
  if (result.extensions !== undefined) body.extensions = result.extensions;
  return response(status, { 'content-type': graphMediaType, ...headers }, JSON.stringify(body));
}
