import { GraphQLError, Kind, type SelectionSetNode, type ValidationRule } from 'graphql';

/** Introspection counts as one level, as GraphQL Armor's `ignoreIntrospection` and apisim's rule count it. */
const introspection = new Set(['__schema', '__type']);

function depthOf(set: SelectionSetNode): number {
  return Math.max(0, ...set.selections.map((s) => {
    if (s.kind === Kind.FIELD) return 1 + (s.selectionSet === undefined || introspection.has(s.name.value) ? 0 : depthOf(s.selectionSet));
    return s.kind === Kind.INLINE_FRAGMENT ? depthOf(s.selectionSet) : 0;
  }));
}

/**
 * Refuses an operation more than `maxDepth` fields deep. `published`: with apisim's code and the limit in
 * `extensions` (QUERY_TOO_DEEP, maxDepth); otherwise with GraphQL Armor's message and nothing else.
 */
export const depthLimit = (maxDepth: number, style: 'published' | 'armor'): ValidationRule => (context) => ({
  OperationDefinition(operation) {
    const depth = depthOf(operation.selectionSet);
    if (depth <= maxDepth) return false;
    context.reportError(style === 'published'
      ? new GraphQLError(`The query is ${depth} levels deep; the maximum depth is ${maxDepth}.`, { nodes: operation, extensions: { code: 'QUERY_TOO_DEEP', maxDepth } })
      : new GraphQLError(`Syntax Error: Query depth limit of ${maxDepth} exceeded, found ${depth}.`, { nodes: operation }));
    return false;
  },
});
