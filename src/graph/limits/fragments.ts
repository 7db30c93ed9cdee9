import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';

/** Finds a fragment by name: a map over a document for the pure estimates, `context.getFragment` in a rule. */
export type FragmentLookup = (name: string) => FragmentDefinitionNode | null | undefined;

/** The lookup over a whole document, as a caller has it before validation. */
export function fragmentLookup(document: DocumentNode): FragmentLookup {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    // The last definition wins, as in graphql-js's validation and execution; UniqueFragmentNamesRule reports it.
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return (name) => fragments.get(name);
}

/**
 * The operations a request may run: the named one, or all of them when no name is given. Measuring all of
 * them is the conservative choice: execution refuses an ambiguous document anyway.
 */
export function operationsOf(document: DocumentNode, operationName?: string): OperationDefinitionNode[] {
  return document.definitions.filter(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION && (operationName === undefined || definition.name?.value === operationName),
  );
}
