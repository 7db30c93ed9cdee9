import { Kind, parse, type SelectionSetNode } from 'graphql';
import type { ObjectShape } from './graph-shape.js';

/**
 * The response shape a query a target declares asks for (every response key, in order), read from its text
 * with graphql-js's parser. Fragments are not followed: which keys they add depends on the runtime type, so
 * a query with one has no shape known here (undefined), and is not compared.
 */
export function queryShape(query: string): ObjectShape | undefined {
  let document;
  try {
    document = parse(query);
  } catch {
    return undefined;
  }
  const operation = document.definitions[0];
  if (document.definitions.length !== 1 || operation?.kind !== Kind.OPERATION_DEFINITION) return undefined;
  return selectionShape(operation.selectionSet);
}

function selectionShape(set: SelectionSetNode): ObjectShape | undefined {
  const fields = new Map<string, { readonly shape: ObjectShape | undefined }>();
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD) return undefined;
    const below = selection.selectionSet === undefined ? undefined : selectionShape(selection.selectionSet);
    if (selection.selectionSet !== undefined && below === undefined) return undefined;
    fields.set(selection.alias?.value ?? selection.name.value, { shape: below });
  }
  return { fields };
}
