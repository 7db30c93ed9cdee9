import { type DocumentNode, type FieldNode, Kind, type SelectionSetNode, visit } from 'graphql';
import { operationOf } from './graph-operation.js';

/**
 * A valid query deeper than a limit, built from a declared query and nothing else: no schema, no
 * introspection (many deployments turn it off). The declared query is first run with its object types asked
 * for (`typedQuery`); wherever a type comes back below itself on a path (a person's friends are people, a
 * post's author writes posts), the stretch of the path between them can be repeated as often as needed, and
 * every repeat is as valid as the original. It lives in properties/conformance/, which judges a deployment from
 * outside, and the principles import it: graph/depth-limit-before-execution and graph-rejected-before-execution
 * grow the same query.
 */

/** The alias the type probe answers under: a name no declared query is likely to use. */
const typeKey = 'apisimTypeProbe';

/** The declared query with every object's type asked for, under `typeKey`. */
export function typedQuery(document: DocumentNode): DocumentNode {
  const probe: FieldNode = { kind: Kind.FIELD, alias: { kind: Kind.NAME, value: typeKey }, name: { kind: Kind.NAME, value: '__typename' } };
  return visit(document, {
    Field: { leave: (field: FieldNode) => (field.selectionSet === undefined ? field : { ...field, selectionSet: { ...field.selectionSet, selections: [...field.selectionSet.selections, probe] } }) },
  });
}

/** Positions of fields from an ancestor down to a descendant: each an index among its selection set's selections. */
type Stretch = readonly number[];

/** The objects under a key of `data`, following lists. */
function objectsIn(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(objectsIn);
  return typeof value === 'object' && value !== null ? [value as Record<string, unknown>] : [];
}

/**
 * Where a type recurs: the path (from the operation's root) to the upper field, and the stretch below it
 * to the lower one of the same type. Only fields written directly in selection sets are followed, into every
 * object of a list (the first post may have no comments where the second has).
 */
export function recurringStretch(document: DocumentNode, data: unknown): { readonly upper: Stretch; readonly stretch: Stretch } | undefined {
  const walk = (set: SelectionSetNode, value: Record<string, unknown>, path: number[], seen: readonly { type: string; depth: number }[]): { upper: Stretch; stretch: Stretch } | undefined => {
    for (const [i, selection] of set.selections.entries()) {
      if (selection.kind !== Kind.FIELD || selection.selectionSet === undefined) continue;
      const here = [...path, i];
      for (const object of objectsIn(value[selection.alias?.value ?? selection.name.value])) {
        const type = object[typeKey];
        if (typeof type !== 'string') continue;
        const earlier = seen.find((s) => s.type === type);
        if (earlier !== undefined) return { upper: here.slice(0, earlier.depth), stretch: here.slice(earlier.depth) };
        const found = walk(selection.selectionSet, object, here, [...seen, { type, depth: here.length }]);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  const root = objectsIn(data)[0];
  return root === undefined ? undefined : walk(operationOf(document).selectionSet, root, [], []);
}

const fieldAt = (set: SelectionSetNode, i: number): FieldNode => set.selections[i] as FieldNode;

/** `set` with the field at `path` given a new selection set. */
function replacedAt(set: SelectionSetNode, path: Stretch, below: SelectionSetNode): SelectionSetNode {
  const [i, ...rest] = path as [number, ...number[]];
  const field = fieldAt(set, i);
  const selections = [...set.selections];
  selections[i] = { ...field, selectionSet: rest.length === 0 ? below : replacedAt(field.selectionSet!, rest, below) };
  return { ...set, selections };
}

const selectionSetAt = (set: SelectionSetNode, path: Stretch): SelectionSetNode => path.reduce((s, i) => fieldAt(s, i).selectionSet!, set);

/**
 * The declared query with the recurring stretch repeated `times` more times: the upper field's selection set
 * put in place of the lower one's, again and again, each repeat `stretch.length` fields deeper.
 */
export function deepened(document: DocumentNode, found: { readonly upper: Stretch; readonly stretch: Stretch }, times: number): DocumentNode {
  const operation = operationOf(document);
  const upperSet = selectionSetAt(operation.selectionSet, found.upper);
  let grown = upperSet;
  for (let n = 0; n < times; n++) grown = replacedAt(upperSet, found.stretch, grown);
  const selectionSet = found.upper.length === 0 ? grown : replacedAt(operation.selectionSet, found.upper, grown);
  return { ...document, definitions: document.definitions.map((d) => (d === operation ? { ...operation, selectionSet } : d)) };
}

/** Most fields on one path of the operation, as depth limits count (fragments add no level of their own). */
export function depthOf(document: DocumentNode): number {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [])));
  const depth = (set: SelectionSetNode, spreading: ReadonlySet<string>): number =>
    Math.max(0, ...set.selections.map((s) => {
      if (s.kind === Kind.FIELD) return 1 + (s.selectionSet === undefined ? 0 : depth(s.selectionSet, spreading));
      if (s.kind === Kind.INLINE_FRAGMENT) return depth(s.selectionSet, spreading);
      const named = fragments.get(s.name.value);
      return named === undefined || spreading.has(s.name.value) ? 0 : depth(named, new Set([...spreading, s.name.value]));
    }));
  return depth(operationOf(document).selectionSet, new Set());
}
