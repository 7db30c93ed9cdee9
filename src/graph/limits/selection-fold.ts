import { Kind, type FieldNode, type FragmentDefinitionNode, type NamedTypeNode, type SelectionNode, type SelectionSetNode } from 'graphql';
import type { FragmentLookup } from './fragments.js';

/**
 * What one limit measures in a selection set. The limits walk selections alike and differ only here: what a
 * field is worth, how siblings make one value, and (for the cost, which prices fields by their type) what a
 * type condition says about the fields below it.
 */
export interface SelectionMeasure<Scope> {
  /** What one field is worth; `inner` measures a selection set below it, in the scope the field gives it. */
  readonly field: (field: FieldNode, scope: Scope, inner: (set: SelectionSetNode, scope: Scope) => number) => number;
  /** How siblings make one value, starting from 0: `sum` for what adds up (aliases, cost), `max` for what does not (depth). */
  readonly combine: 'sum' | 'max';
  /** The scope below a type condition, a fragment's or an inline fragment's; an inline fragment without one keeps its parent's. */
  readonly within: (typeCondition: NamedTypeNode) => Scope;
}

/**
 * `selectionSet` measured by `measure`, in `scope`. Inline fragments and spreads add nothing of their own:
 * they only say which fields are there. A spread is worth its fragment, measured in the scope of the
 * fragment's own type condition, so it is worth the same wherever it is spread.
 */
export function foldSelections<Scope>(selectionSet: SelectionSetNode, scope: Scope, fragmentNamed: FragmentLookup, measure: SelectionMeasure<Scope>): number {
  const max = measure.combine === 'max';
  const fragmentValue = measuredOnce(fragmentNamed, (fragment) => valueOfSet(fragment.selectionSet, measure.within(fragment.typeCondition)));

  const valueOfSet = (set: SelectionSetNode, setScope: Scope): number => {
    let value = 0;
    for (const selection of set.selections) {
      const one = valueOf(selection, setScope);
      value = max ? Math.max(value, one) : value + one;
    }
    return value;
  };

  const valueOf = (selection: SelectionNode, selectionScope: Scope): number => {
    switch (selection.kind) {
      case Kind.FIELD:
        return measure.field(selection, selectionScope, valueOfSet);
      case Kind.INLINE_FRAGMENT:
        return valueOfSet(selection.selectionSet, selection.typeCondition ? measure.within(selection.typeCondition) : selectionScope);
      case Kind.FRAGMENT_SPREAD:
        return fragmentValue(selection.name.value);
    }
  };

  return valueOfSet(selectionSet, scope);
}

/**
 * Measures each fragment once, however many times it is spread: a document that spreads one fragment
 * everywhere (or fragments that spread each other twice, level after level) is measured in linear time rather
 * than once per expansion. A spread met again while its own fragment is still being measured is a cycle:
 * NoFragmentCyclesRule refuses the document and it never runs, so it measures 0 and the walk ends.
 */
function measuredOnce(fragmentNamed: FragmentLookup, measure: (fragment: FragmentDefinitionNode) => number): (name: string) => number {
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
