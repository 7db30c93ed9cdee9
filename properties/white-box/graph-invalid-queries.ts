import { fc } from '@fast-check/vitest';
import {
  type ArgumentNode, type ASTNode, isObjectType, Kind, parse, parseValue, print, type SelectionSetNode, TypeInfo, type VariableDefinitionNode, visit, visitWithTypeInfo,
} from 'graphql';
import type { VariableValues } from '../../src/graph/limits/cost.js';
import { graphSchema } from '../../src/graph/schema.js';
import type { PrintedQuery } from './graph-query-print.js';

/**
 * The mistakes that make a valid query invalid, made at a random place of it: a field the type does not have,
 * an argument of the wrong type written in the document, or a variable sent with a value of the wrong type.
 * Each must be refused before any resolver runs.
 */
export type Breakage =
  | { readonly kind: 'unknown field'; readonly set: number; readonly position: number; readonly name: string }
  | { readonly kind: 'wrong argument'; readonly argument: number; readonly choice: number }
  | { readonly kind: 'wrong variable value'; readonly variable: number; readonly choice: number };

/** Names no type has, and names of other types' fields, which is how the mistake is usually made. */
const unknownNames = ['password', 'email', 'secret', 'createdAt', 'title', 'body', 'comments', 'posts', 'user'];

export const breakages: fc.Arbitrary<Breakage> = fc.oneof(
  fc.record({ kind: fc.constant('unknown field' as const), set: fc.nat(), position: fc.nat(), name: fc.constantFrom(...unknownNames) }),
  fc.record({ kind: fc.constant('wrong argument' as const), argument: fc.nat(), choice: fc.nat() }),
  fc.record({ kind: fc.constant('wrong variable value' as const), variable: fc.nat(), choice: fc.nat() }),
);

/** Literals of the wrong type for each argument the generator writes (`"3"` is a string, not an Int). */
const wrongLiterals: Readonly<Record<string, readonly string[]>> = {
  limit: ['"x"', '"3"', '1.5', 'true', '[1]', 'LIMIT'],
  id: ['true', '1.5', '[1]', 'null', '{ id: 1 }'],
  if: ['"yes"', '1', 'null'],
};

/**
 * Values of the wrong type for each variable type the generator declares. Not null for a nullable variable
 * with a default (`$u: ID = 1`): null is a value it accepts, and only the field it reaches refuses it, during
 * execution (GraphQL spec 6.4.1, CoerceArgumentValues).
 */
const wrongValues: Readonly<Record<string, readonly unknown[]>> = {
  Int: ['x', '3', 1.5, true, [1]],
  'ID!': [true, 1.5, null, { id: 1 }],
  ID: [true, 1.5, { id: 1 }],
  'Boolean!': ['yes', 1, null],
  Boolean: ['yes', 1],
};

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length]!;

export interface BrokenQuery {
  readonly text: string;
  readonly variables: VariableValues | undefined;
  readonly operationName: string | undefined;
  /** What was done, for the failure message. */
  readonly broken: string;
}

export function broken(query: PrintedQuery, breakage: Breakage): BrokenQuery {
  const document = parse(query.text);
  if (breakage.kind === 'wrong variable value') {
    const definitions = collect<VariableDefinitionNode>(document, Kind.VARIABLE_DEFINITION);
    if (definitions.length > 0) {
      const definition = pick(definitions, breakage.variable);
      const name = definition.variable.name.value;
      const value = pick(wrongValues[print(definition.type)]!, breakage.choice);
      return { ...query, variables: { ...query.variables, [name]: value }, broken: `variable $${name} sent as ${JSON.stringify(value)}` };
    }
  }
  if (breakage.kind === 'wrong argument') {
    const argumentsWritten = collect<ArgumentNode>(document, Kind.ARGUMENT);
    if (argumentsWritten.length > 0) {
      const target = pick(argumentsWritten, breakage.argument);
      const literal = pick(wrongLiterals[target.name.value]!, breakage.choice);
      const text = print(visit(document, { Argument: (node) => (node === target ? { ...node, value: parseValue(literal) } : undefined) }));
      return { ...query, text, broken: `argument ${target.name.value}: ${literal}` };
    }
  }
  // An unknown field; also where the query has no argument or variable to get wrong.
  const sets = selectionSets(document);
  const [set, known] = breakage.kind === 'unknown field' ? pick(sets, breakage.set) : sets[0]!;
  const name = breakage.kind === 'unknown field' && !known.has(breakage.name) ? breakage.name : 'password';
  const position = breakage.kind === 'unknown field' ? breakage.position % (set.selections.length + 1) : 0;
  const field = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: name } } as const;
  const text = print(visit(document, {
    SelectionSet: (node) => (node === set ? { ...node, selections: [...node.selections.slice(0, position), field, ...node.selections.slice(position)] } : undefined),
  }));
  return { ...query, text, broken: `unknown field ${name}` };
}

/** Every selection set with the fields its type has. */
function selectionSets(document: ASTNode): [SelectionSetNode, ReadonlySet<string>][] {
  const types = new TypeInfo(graphSchema);
  const found: [SelectionSetNode, ReadonlySet<string>][] = [];
  visit(document, visitWithTypeInfo(types, {
    SelectionSet(node) {
      const type = types.getParentType();
      found.push([node, new Set(isObjectType(type) ? Object.keys(type.getFields()) : [])]);
    },
  }));
  return found;
}

function collect<T extends ASTNode>(document: ASTNode, kind: Kind): T[] {
  const found: T[] = [];
  visit(document, {
    enter(node) {
      if (node.kind === kind) found.push(node as T);
    },
  });
  return found;
}
