import { GraphQLError, Kind, type SelectionSetNode, type ValidationRule } from 'graphql';

/** The schema's list fields, and the size assumed when no `limit` is written. */
const lists = new Set(['posts', 'comments']);
const defaultListSize = 10;

/** Objects the selection may resolve: every object field counts 1 per item, a list times its `limit`. */
function costOf(set: SelectionSetNode): number {
  let cost = 0;
  for (const s of set.selections) {
    if (s.kind !== Kind.FIELD || s.selectionSet === undefined || s.name.value.startsWith('__')) continue;
    const limit = s.arguments?.find((a) => a.name.value === 'limit')?.value;
    const items = lists.has(s.name.value) ? (limit?.kind === Kind.INT ? Number(limit.value) : defaultListSize) : 1;
    cost += items * (1 + costOf(s.selectionSet));
  }
  return cost;
}

/** A cost limit as apisim prices it (list sizes count), refusing before execution with its code and limit. */
export const listAwareCostLimit = (maxCost: number): ValidationRule => (context) => ({
  OperationDefinition(operation) {
    const cost = costOf(operation.selectionSet);
    if (cost > maxCost) context.reportError(new GraphQLError(`The query has an estimated cost of ${cost}; the maximum cost is ${maxCost}.`, { nodes: operation, extensions: { code: 'QUERY_TOO_COSTLY', maxCost } }));
    return false;
  },
});
