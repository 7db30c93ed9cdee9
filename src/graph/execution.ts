import { type DocumentNode, execute, type ExecutionResult, getOperationAST, GraphQLError, type GraphQLSchema, OperationTypeNode } from 'graphql';
import type { HttpResponse } from '../http/message.js';
import { response } from '../http/message.js';
import { graphMediaType } from './http/graph-error.js';
import type { GraphContext } from './schema.js';

export interface GraphParams {
  readonly variables: Readonly<Record<string, unknown>> | undefined;
  readonly operationName: string | undefined;
}


/**
 * Runs one operation of an admitted document: one that cannot run (no such operation, variables that do not
 * coerce) is 400 with `errors` and no `data`, and no resolver runs; an executed one is 200, with `errors` beside `data`
 * when only some fields failed (spec 7.2: monitoring must read `errors`, not only the status).
 */
export async function runOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  params: GraphParams,
  context: GraphContext,
  allowed: { readonly mutation: boolean },
): Promise<{ readonly response: HttpResponse; readonly executed: boolean; readonly partial: boolean }> {
  const operation = getOperationAST(document, params.operationName);
  if (operation === null || operation === undefined) {
    const message = params.operationName === undefined ? 'The document has several operations: name one with operationName.' : `No operation named "${params.operationName}".`;
    return { response: graphResponse(400, { errors: [new GraphQLError(message)] }), executed: false, partial: false };
  }
  if (operation.operation !== OperationTypeNode.QUERY && !allowed.mutation) {
    return { response: graphResponse(405, { errors: [new GraphQLError(`A ${operation.operation} cannot be sent with GET; use POST.`)] }, { allow: 'POST' }), executed: false, partial: false };
  }
  const result = await execute({ schema, document, variableValues: params.variables, operationName: params.operationName, contextValue: context });
  // Variable coercion fails before any resolver runs, and execute then returns no `data` at all.
  const executed = result.data !== undefined;
  return { response: graphResponse(executed ? 200 : 400, result), executed, partial: executed && (result.errors?.length ?? 0) > 0 };
}

export function graphResponse(status: number, result: ExecutionResult | { readonly errors: readonly GraphQLError[] }, headers: Record<string, string> = {}): HttpResponse {
  const body: Record<string, unknown> = {};
  if (result.errors !== undefined && result.errors.length > 0) body.errors = result.errors.map((e) => e.toJSON());
  if ('data' in result && result.data !== undefined) body.data = result.data;
  return response(status, { 'content-type': graphMediaType, ...headers }, JSON.stringify(body));
}
