import { getIntrospectionQuery, GraphQLError, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { VariableValues } from './cost.js';
import { limitRules } from './rules.js';
import { defaultGraphLimits, type GraphLimits } from './settings.js';
import { hideSuggestions } from './suggestions.js';
import { nestedQuery, sampleQuery, testSchema } from '../../../testing/graph-test-schema.js';
import { parseWithLimits } from './tokens.js';

/** What the endpoint does with a query: parse with the token limit, validate with every rule, hide suggestions. */
function refusals(query: string, variables: VariableValues = {}, limits: GraphLimits = defaultGraphLimits): string[] {
  const document = parseWithLimits(query, limits);
  if (document instanceof GraphQLError) return [document.message];
  return hideSuggestions(validate(testSchema, document, [...specifiedRules, ...limitRules(limits, variables)])).map((e) => e.message);
}

describe('limitRules with graphql-js specifiedRules, at the default limits', () => {
  it('accepts the spec sample', () => {
    expect(refusals(sampleQuery)).toEqual([]);
  });

  it('accepts the introspection query every client sends first', () => {
    expect(refusals(getIntrospectionQuery())).toEqual([]);
  });

  it('refuses a 10-level query for its depth (and, with posts at their default 10 a level, for its cost)', () => {
    expect(refusals(nestedQuery(10))).toEqual([
      'The query is 10 levels deep; the maximum depth is 7.',
      'The query has an estimated cost of 22221; the maximum cost is 250.',
    ]);
  });

  it('refuses 100 posts with their comments for its cost, whether the limit is written or passed', () => {
    expect(refusals('{ user(id: 1) { posts(limit: 100) { comments { body } } } }')).toEqual([
      'The query has an estimated cost of 1101; the maximum cost is 250.',
    ]);
    expect(refusals('query($n: Int) { user(id: 1) { posts(limit: $n) { comments { body } } } }', { n: 100 })).toHaveLength(1);
  });

  it('reports every limit a query breaks, not only the first', () => {
    const user = (i: number) => `u${i}: user(id: ${i}) { posts(limit: 3) { author { posts(limit: 3) { author { posts { author { name } } } } } } }`;
    // Each user: 1 + 3 × (1 + 1 + 3 × (1 + 1 + 10 × (1 + 1))) = 205, eleven times.
    expect(refusals(`{ ${Array.from({ length: 11 }, (_, i) => user(i)).join(' ')} }`)).toEqual([
      'The query is 8 levels deep; the maximum depth is 7.',
      'The query has an estimated cost of 2255; the maximum cost is 250.',
      'The query uses 11 aliases; the maximum is 10.',
    ]);
  });

  it('leaves unknown fields to graphql and shows no suggestion', () => {
    expect(refusals('{ user(id: 1) { nme } }')).toEqual(['Cannot query field "nme" on type "User".']);
  });

  it('leaves graphql its say inside fragments, which the limits measure only where they are spread', () => {
    expect(refusals('{ user(id: 1) { ...F } } fragment F on User { nme }')).toEqual(['Cannot query field "nme" on type "User".']);
  });

  it('refuses an oversized document before parsing it', () => {
    expect(refusals(`{ ${'user(id: 1) { name } '.repeat(200)} }`)).toEqual([
      'The query has more than 1000 tokens (names, punctuation and values); the maximum is 1000. It was not parsed.',
    ]);
  });

  it('refuses settings that cannot work when the rules are built', () => {
    expect(() => limitRules({ ...defaultGraphLimits, maxDepth: -1 }, {})).toThrow(RangeError);
  });
});
