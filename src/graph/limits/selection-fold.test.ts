import { parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fragmentLookup } from './fragments.js';
import { foldSelections, type SelectionMeasure } from './selection-fold.js';

/** The first operation's selection set folded with `measure`, and the fields the measure was asked about, in order. */
function fold<Scope>(query: string, scope: Scope, measure: (calls: string[]) => SelectionMeasure<Scope>): { value: number; calls: string[] } {
  const document = parse(query);
  const operation = document.definitions[0] as OperationDefinitionNode;
  const calls: string[] = [];
  return { value: foldSelections(operation.selectionSet, scope, fragmentLookup(document), measure(calls)), calls };
}

/** One per field, everywhere below: a count of the fields written, fragments expanded where spread. */
const fieldCount = (calls: string[]): SelectionMeasure<undefined> => ({
  field: (field, scope, inner) => {
    calls.push(field.name.value);
    return 1 + (field.selectionSet ? inner(field.selectionSet, scope) : 0);
  },
  combine: 'sum',
  within: () => undefined,
});

/** Each field named after the type condition above it: what the scope carries down. */
const scopes = (calls: string[]): SelectionMeasure<string> => ({
  field: (field, scope, inner) => {
    calls.push(`${scope}.${field.name.value}`);
    return field.selectionSet ? inner(field.selectionSet, scope) : 0;
  },
  combine: 'sum',
  within: (typeCondition) => typeCondition.name.value,
});

describe('foldSelections: one walk for every limit', () => {
  it('sums siblings or takes the largest, starting from 0', () => {
    const longest = (calls: string[]): SelectionMeasure<undefined> => ({ ...fieldCount(calls), combine: 'max' });
    expect(fold('{ a { b c } d }', undefined, fieldCount).value).toBe(4);
    expect(fold('{ a { b { c } } d }', undefined, longest).value).toBe(3);
    expect(fold('{ ... on Query { a } }', undefined, fieldCount).value).toBe(1);
  });

  it('measures a fragment once, however often it is spread, and counts it at every spread', () => {
    const { value, calls } = fold('{ a { ...F } b { ...F } c { ...F } } fragment F on T { x y }', undefined, fieldCount);
    expect(value).toBe(3 + 3 * 2);
    expect(calls).toEqual(['a', 'x', 'y', 'b', 'c']);
  });

  it('ends a cycle of fragments with 0 for the spread met again, and a spread of no fragment is 0', () => {
    expect(fold('{ a { ...A } } fragment A on T { x ...B } fragment B on T { y ...A }', undefined, fieldCount).value).toBe(3);
    expect(fold('{ a { ...Missing } }', undefined, fieldCount).value).toBe(1);
  });

  it("measures a fragment in its own type condition's scope, and an inline fragment in its condition's or its parent's", () => {
    const { calls } = fold('{ a { ...F ... on U { y } ... { z } } } fragment F on T { x }', 'Query', scopes);
    expect(calls).toEqual(['Query.a', 'T.x', 'U.y', 'Query.z']);
  });
});
