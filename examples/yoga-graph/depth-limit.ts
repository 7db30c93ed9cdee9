import { GraphQLError, Kind, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Most fields on one path from `selectionSet` down to a leaf. Fragments add no level of their own: they
 * only say which fields are there. A fragment already on the path counts as nothing more, so a cycle of
 * spreads (which graphql-js's NoFragmentCyclesRule refuses, in the same validation pass) cannot loop here.
 */
function depthOf(selectionSet: SelectionSetNode, context: ValidationContext, spreading: ReadonlySet<string>): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, 1 + (selection.selectionSet === undefined ? 0 : depthOf(selection.selectionSet, context, spreading)));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, context, spreading));
    } else {
      const name = selection.name.value;
      const fragment = context.getFragment(name);
      if (fragment && !spreading.has(name)) {
        deepest = Math.max(deepest, depthOf(fragment.selectionSet, context, new Set([...spreading, name])));
      }
    }
  }
  return deepest;
}

/**
 * A graphql-js validation rule: refuses an operation nested more than `maxDepth` fields deep. Validation runs
 * before execution, so a refused operation costs no resolver call.
 */
export function maxDepthRule(maxDepth: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const depth = depthOf(operation.selectionSet, context, new Set());
      if (depth > maxDepth) {
        context.reportError(new GraphQLError(`The operation is ${depth} fields deep; the limit is ${maxDepth}.`, { nodes: operation }));
      }
      // The rule measured everything below; it need not walk it again.
      return false;
    },
  });
}

/** The rule as a Yoga plugin: envelop's `onValidate` hook adds it to graphql-js's own rules. */
export function useDepthLimit(maxDepth: number): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(maxDepthRule(maxDepth));
    },
  };
}
