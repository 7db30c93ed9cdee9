import { GraphQLError, Kind, type DocumentNode, type SelectionNode, type SelectionSetNode, type ValidationRule } from 'graphql';
import { fragmentLookup, measuredOnce, operationsOf, type FragmentLookup } from './fragments.js';
import { operationLabel } from './operation-label.js';
import { requireLimit } from './settings.js';

/**
 * Aliased fields in a selection set, each fragment counted once per spread: a fragment spread twice runs its
 * aliased fields twice, so hiding a hundred aliases behind a few spreads must not make them cheaper.
 */
export function selectionAliases(selectionSet: SelectionSetNode, fragmentNamed: FragmentLookup): number {
  const fragmentAliases = measuredOnce(fragmentNamed, (fragment) => aliasesInSet(fragment.selectionSet));

  const aliasesInSet = (set: SelectionSetNode): number => set.selections.reduce((sum, selection) => sum + aliasesIn(selection), 0);

  const aliasesIn = (selection: SelectionNode): number => {
    switch (selection.kind) {
      case Kind.FIELD:
        return (selection.alias ? 1 : 0) + (selection.selectionSet ? aliasesInSet(selection.selectionSet) : 0);
      case Kind.INLINE_FRAGMENT:
        return aliasesInSet(selection.selectionSet);
      case Kind.FRAGMENT_SPREAD:
        return fragmentAliases(selection.name.value);
    }
  };

  return aliasesInSet(selectionSet);
}

/** The aliases of the named operation, or of the one with most when no name is given. */
export function queryAliases(document: DocumentNode, operationName?: string): number {
  const fragmentNamed = fragmentLookup(document);
  return Math.max(0, ...operationsOf(document, operationName).map((operation) => selectionAliases(operation.selectionSet, fragmentNamed)));
}

/**
 * Refuses an operation with more than `maxAliases` aliased fields. Aliases let one request ask the same field
 * many times over (a hundred `addComment`s, a hundred guessed ids), which a per-request rate limit cannot see
 * and the cost limit prices only by the objects returned.
 */
export function maxAliasesRule(maxAliases: number): ValidationRule {
  requireLimit('maxAliases', maxAliases);
  return (context) => ({
    OperationDefinition(operation) {
      const aliases = selectionAliases(operation.selectionSet, (name) => context.getFragment(name));
      if (aliases > maxAliases) {
        context.reportError(
          new GraphQLError(`${operationLabel(operation)} uses ${aliases} aliases; the maximum is ${maxAliases}.`, {
            nodes: operation,
            extensions: { code: 'TOO_MANY_ALIASES', aliases, maxAliases },
          }),
        );
      }
      return false;
    },
  });
}
