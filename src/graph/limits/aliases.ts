import { GraphQLError, type DocumentNode, type SelectionSetNode, type ValidationRule } from 'graphql';
import { fragmentLookup, operationsOf, type FragmentLookup } from './fragments.js';
import { operationLabel } from './operation-label.js';
import { foldSelections, type SelectionMeasure } from './selection-fold.js';
import { requireLimit } from './settings.js';

const aliasCount: SelectionMeasure<undefined> = {
  field: (field, scope, inner) => (field.alias ? 1 : 0) + (field.selectionSet ? inner(field.selectionSet, scope) : 0),
  combine: 'sum',
  within: () => undefined,
};

/**
 * Aliased fields in a selection set, each fragment counted once per spread: a fragment spread twice runs its
 * aliased fields twice, so hiding a hundred aliases behind a few spreads must not make them cheaper.
 */
export function selectionAliases(selectionSet: SelectionSetNode, fragmentNamed: FragmentLookup): number {
  return foldSelections(selectionSet, undefined, fragmentNamed, aliasCount);
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
