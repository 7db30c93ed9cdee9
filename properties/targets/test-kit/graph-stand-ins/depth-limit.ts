import { GraphQLError, Kind, type SelectionSetNode, type ValidationRule } from 'graphql';

/** Introspection counts as one level, as apisim's rule counts it. */
const introspection = new Set(['__schema', '__type']);

function depthOf(set: SelectionSetNode): number {
  return Math.max(0, ...set.selections.map((s) => {
    if (s.kind === Kind.FIELD) return 1 + (s.selectionSet === undefined || introspection.has(s.name.value) ? 0 : depthOf(s.selectionSet));
    return s.kind === Kind.INLINE_FRAGMENT ? depthOf(s.selectionSet) : 0;
  }));
}

/**
 * Refuses an operation more than `maxDepth` fields deep, as apisim does: its code and the limit in `extensions`
 * (QUERY_TOO_DEEP, maxDepth). GraphQL Armor's own limit, which publishes nothing, is the real plugin (`stand-ins.ts`).
 */
export const depthLimit = (maxDepth: number): ValidationRule => (context) => ({
  OperationDefinition(operation) {
    const depth = depthOf(operation.selectionSet);
    if (depth <= maxDepth) return false;
    context.reportError(new GraphQLError(`The query is ${depth} levels deep; the maximum depth is ${maxDepth}.`, { nodes: operation, extensions: { code: 'QUERY_TOO_DEEP', maxDepth } }));
    return false;
  },
});
