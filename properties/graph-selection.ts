import { type DocumentNode, type FieldNode, Kind, parse, type SelectionNode, type SelectionSetNode, visit } from 'graphql';
import { operationOf } from './conformance/graph-operation.js';
import type { ObjectShape } from './conformance/graph-shape.js';

/**
 * A declared query as a tree to vary and to read: the fields a sub-selection may leave out, the shape its
 * answer must have. Only the document is read, never a schema: a target's schema is its own business.
 */

/**
 * A field that may be left out: nothing in it names a variable or spreads a named fragment, since leaving
 * it out would leave that variable or fragment unused, which validation refuses. Fields in named fragments
 * are not touched: a spread stays whole.
 */
function droppable(field: FieldNode): boolean {
  let used = false;
  visit(field, { Variable: () => void (used = true), FragmentSpread: () => void (used = true) });
  return !used;
}

/** How many fields of the operation, in document order, a sub-selection may leave out. */
export function droppableCount(document: DocumentNode): number {
  let count = 0;
  visit(operationOf(document), {
    Field(field) {
      if (droppable(field)) count++;
    },
  });
  return count;
}

/**
 * The query with the `i`-th droppable field left out where `keep[i]` is false, every selection set keeping
 * at least its first field so that the document stays valid. What is left is a query the target must answer
 * in exactly its own shape: a sub-selection of a query that works is a query that works.
 */
export function subSelection(document: DocumentNode, keep: readonly boolean[]): DocumentNode {
  let index = 0;
  const numbered = new Map<FieldNode, number>();
  visit(operationOf(document), {
    Field(field) {
      if (droppable(field)) numbered.set(field, index++);
    },
  });
  const kept = (selection: SelectionNode): boolean => selection.kind !== Kind.FIELD || !numbered.has(selection) || keep[numbered.get(selection)!] !== false;
  return visit(document, {
    SelectionSet: {
      leave(node: SelectionSetNode): SelectionSetNode {
        const selections = node.selections.filter(kept);
        return { ...node, selections: selections.length > 0 ? selections : node.selections.slice(0, 1) };
      },
    },
  });
}

/** Whether a selection is left out by a literal `@skip(if: true)` or `@include(if: false)`. */
function skipped(selection: SelectionNode): boolean {
  return (selection.directives ?? []).some((d) => {
    const condition = d.arguments?.find((a) => a.name.value === 'if')?.value;
    return condition?.kind === Kind.BOOLEAN && ((d.name.value === 'skip' && condition.value) || (d.name.value === 'include' && !condition.value));
  });
}

/**
 * The shape the answer's `data` must have: a key per field (its alias, else its name), in the order
 * execution meets them, fragments spread in place and fields of the same key merged (GraphQL §6.3.2).
 */
export function shapeOfQuery(document: DocumentNode): ObjectShape {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const collect = (sets: readonly SelectionSetNode[]): ObjectShape => {
    const fields = new Map<string, SelectionSetNode[]>();
    const walk = (set: SelectionSetNode): void => {
      for (const selection of set.selections) {
        if (skipped(selection)) continue;
        if (selection.kind === Kind.FIELD) {
          const key = selection.alias?.value ?? selection.name.value;
          const below = fields.get(key) ?? [];
          if (selection.selectionSet !== undefined) below.push(selection.selectionSet);
          fields.set(key, below);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          walk(selection.selectionSet);
        } else {
          const fragment = fragments.get(selection.name.value);
          if (fragment !== undefined) walk(fragment.selectionSet);
        }
      }
    };
    sets.forEach(walk);
    return { fields: new Map([...fields].map(([key, below]) => [key, { shape: below.length === 0 ? undefined : collect(below) }])) };
  };
  return collect([operationOf(document).selectionSet]);
}

export const parseQuery = (text: string): DocumentNode => parse(text);
