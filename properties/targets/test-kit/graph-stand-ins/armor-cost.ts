import { type FieldNode, GraphQLError, Kind, type SelectionNode, type ValidationRule } from 'graphql';

/** GraphQL Armor's cost-limit defaults: every object 2, every scalar 1, each level below weighing 1.5 times. */
const objectCost = 2;
const scalarCost = 1;
const depthCostFactor = 1.5;

/**
 * GraphQL Armor's meter (`@escape.tech/graphql-armor-cost-limit`'s computeComplexity): fields as written,
 * deeper ones dearer, and list sizes not at all: `posts(limit: 50)` costs what `posts(limit: 1)` does.
 * Introspection is free, as Armor's `ignoreIntrospection` makes it.
 */
function complexity(node: SelectionNode): number {
  if (node.kind !== Kind.FIELD) return node.kind === Kind.INLINE_FRAGMENT ? node.selectionSet.selections.reduce((sum, s) => sum + complexity(s), 0) : 0;
  const field: FieldNode = node;
  if (field.name.value === '__schema' || field.name.value === '__type') return 0;
  if (field.selectionSet === undefined) return scalarCost;
  return field.selectionSet.selections.reduce((cost, child) => cost + depthCostFactor * complexity(child), objectCost);
}

export const armorCostLimit = (maxCost: number): ValidationRule => (context) => ({
  OperationDefinition(operation) {
    const cost = operation.selectionSet.selections.reduce((sum, s) => sum + complexity(s), 0);
    if (cost > maxCost) context.reportError(new GraphQLError(`Syntax Error: Query Cost limit of ${maxCost} exceeded, found ${cost}.`, { nodes: operation }));
    return false;
  },
});
