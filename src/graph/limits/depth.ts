import { GraphQLError, Kind, type DocumentNode, type SelectionNode, type SelectionSetNode, type ValidationRule } from 'graphql';
import { fragmentLookup, measuredOnce, operationsOf, type FragmentLookup } from './fragments.js';
import { operationLabel } from './operation-label.js';
import { requireLimit } from './settings.js';

/**
 * Introspection reads the schema, never the store, and graphql-js's own MaxIntrospectionDepthRule (one of the
 * `specifiedRules`) bounds its nesting. Counting it here would refuse the introspection query every GraphQL
 * client sends first (about 12 levels deep), so an introspection field counts as one level, like a leaf.
 */
const introspectionFields: ReadonlySet<string> = new Set(['__schema', '__type']);

/**
 * Most fields on one path from `selectionSet` down to a leaf. Inline fragments and spreads add no level of their
 * own: they only say which fields are there. `__typename` is a leaf like any other.
 */
export function selectionDepth(selectionSet: SelectionSetNode, fragmentNamed: FragmentLookup): number {
  // A fragment is as deep wherever it is spread.
  const fragmentDepth = measuredOnce(fragmentNamed, (fragment) => depthOfSet(fragment.selectionSet));

  const depthOfSet = (set: SelectionSetNode): number => set.selections.reduce((deepest, selection) => Math.max(deepest, depthOf(selection)), 0);

  const depthOf = (selection: SelectionNode): number => {
    switch (selection.kind) {
      case Kind.FIELD:
        return 1 + (selection.selectionSet === undefined || introspectionFields.has(selection.name.value) ? 0 : depthOfSet(selection.selectionSet));
      case Kind.INLINE_FRAGMENT:
        return depthOfSet(selection.selectionSet);
      case Kind.FRAGMENT_SPREAD:
        return fragmentDepth(selection.name.value);
    }
  };

  return depthOfSet(selectionSet);
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
