import { GraphQLError, type DocumentNode, type SelectionSetNode, type ValidationRule } from 'graphql';
import { fragmentLookup, operationsOf, type FragmentLookup } from './fragments.js';
import { introspectionFields } from './introspection.js';
import { operationLabel } from './operation-label.js';
import { foldSelections, type SelectionMeasure } from './selection-fold.js';
import { requireLimit } from './settings.js';

/**
 * Fields on the deepest path. An introspection field counts as one level, like a leaf (see introspection.ts).
 * A fragment is as deep wherever it is spread.
 */
const pathDepth: SelectionMeasure<undefined> = {
  field: (field, scope, inner) => 1 + (field.selectionSet === undefined || introspectionFields.has(field.name.value) ? 0 : inner(field.selectionSet, scope)),
  combine: 'max',
  within: () => undefined,
};

/**
 * Most fields on one path from `selectionSet` down to a leaf. Inline fragments and spreads add no level of their
 * own: they only say which fields are there. `__typename` is a leaf like any other.
 */
export function selectionDepth(selectionSet: SelectionSetNode, fragmentNamed: FragmentLookup): number {
  return foldSelections(selectionSet, undefined, fragmentNamed, pathDepth);
}

/** The depth of the named operation, or of the deepest one when no name is given. */
export function queryDepth(document: DocumentNode, operationName?: string): number {
  const fragmentNamed = fragmentLookup(document);
  return Math.max(0, ...operationsOf(document, operationName).map((operation) => selectionDepth(operation.selectionSet, fragmentNamed)));
}

/** Refuses an operation nested more than `maxDepth` fields deep (spec §8.2), before anything resolves. */
export function maxDepthRule(maxDepth: number): ValidationRule {
  requireLimit('maxDepth', maxDepth);
  return (context) => ({
    OperationDefinition(operation) {
      const depth = selectionDepth(operation.selectionSet, (name) => context.getFragment(name));
      if (depth > maxDepth) {
        context.reportError(
          new GraphQLError(`${operationLabel(operation)} is ${depth} levels deep; the maximum depth is ${maxDepth}.`, {
            nodes: operation,
            extensions: { code: 'QUERY_TOO_DEEP', depth, maxDepth },
          }),
        );
      }
      // Everything below was measured above; the visitor need not walk it again for this rule. Fragments are
      // measured where they are spread, never on their own: the rule has no FragmentDefinition visitor.
      return false;
    },
  });
}
