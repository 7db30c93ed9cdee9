import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { maxDepthRule } from './depth-limit.js';

const schema = buildSchema('type Query { person: Person } type Person { name: String, friends: [Person] }');
const refusals = (query: string, maxDepth: number): string[] => validate(schema, parse(query), [maxDepthRule(maxDepth)]).map((e) => e.message);

describe('maxDepthRule, a graphql-js validation rule', () => {
  it('counts the fields on the deepest path, the leaf included', () => {
    expect(refusals('{ person { friends { name } } }', 3)).toEqual([]);
    expect(refusals('{ person { friends { name } } }', 2)).toEqual(['The operation is 3 fields deep; the limit is 2.']);
  });

  it('counts a fragment where it is spread, and an inline fragment as no level of its own', () => {
    const query = 'query { person { ...F } } fragment F on Person { friends { ... on Person { friends { name } } } }';
    expect(refusals(query, 4)).toEqual([]);
    expect(refusals(query, 3)).toEqual(['The operation is 4 fields deep; the limit is 3.']);
  });

  it('does not loop on a cycle of spreads, which graphql-js refuses on its own', () => {
    expect(refusals('{ person { ...A } } fragment A on Person { friends { ...A } }', 5)).toEqual([]);
  });
});
