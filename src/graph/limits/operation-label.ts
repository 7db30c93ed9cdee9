import type { OperationDefinitionNode } from 'graphql';

/**
 * How a limit's error names the operation it refused: `Query "Feed"`, or `The query` when it has no name.
 * A document may hold several operations and the client should see which one was too big.
 */
export function operationLabel(operation: OperationDefinitionNode): string {
  const kind = operation.operation;
  return operation.name === undefined ? `The ${kind}` : `${kind[0]!.toUpperCase()}${kind.slice(1)} "${operation.name.value}"`;
}
