import { type DocumentNode, Kind, type OperationDefinitionNode, print } from 'graphql';

/** The first operation of the document: a target declares one query per type. */
export function operationOf(document: DocumentNode): OperationDefinitionNode {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operation === undefined) throw new Error(`the declared query has no operation: ${print(document)}`);
  return operation;
}
