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

/**
 * Measures each fragment once, however many times it is spread: a document that spreads one fragment
 * everywhere (or fragments that spread each other twice, level after level) is measured in linear time rather
 * than once per expansion. A spread met again while its own fragment is still being measured is a cycle:
 * NoFragmentCyclesRule refuses the document and it never runs, so it measures 0 and the walk ends.
 */
export function measuredOnce(fragmentNamed: FragmentLookup, measure: (fragment: FragmentDefinitionNode) => number): (name: string) => number {
  const measured = new Map<string, number>();
  const measuring = new Set<string>();
  return (name) => {
    const known = measured.get(name);
    if (known !== undefined) return known;
    const fragment = fragmentNamed(name);
    if (!fragment || measuring.has(name)) return 0;
    measuring.add(name);
    const value = measure(fragment);
    measuring.delete(name);
    measured.set(name, value);
    return value;
  };
}
