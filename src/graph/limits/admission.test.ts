import { getIntrospectionQuery, GraphQLError, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { nestedQuery, sampleQuery, testSchema } from '../../../test/support/graph-test-schema.js';
import { maxCostCheck, type VariableValues } from './cost.js';
import { operationsOf } from './fragments.js';
import { defaultGraphLimits, type GraphLimits } from './settings.js';
import { aliasesAndDepth } from './static-rules.js';
import { hideSuggestions } from './suggestions.js';
import { parseWithLimits } from './tokens.js';

/**
 * The refusals of the cost limit alone, as the endpoint prices a request whose document passed: every operation
 * of it, with the request's variables.
 */
function costRefusals(query: string, variables: VariableValues = {}, limits: GraphLimits = defaultGraphLimits): string[] {
  const document = parse(query);
  const verdict = maxCostCheck(testSchema, limits)(document, operationsOf(document)[0]!, variables);
  return verdict.ok ? [] : verdict.errors.map((e) => e.message);
}

/**
 * What the endpoint does with a query (`GraphEndpoint.admit`, through `DocumentCache`): parse with the token
 * limit; validate with graphql's rules and the limits the document alone decides, depth and aliases, hiding
 * suggestions (the verdict is cached per document); and only for a document that passes, the cost, which
 * reads the request's variables.
 */
function refusals(query: string, variables: VariableValues = {}, limits: GraphLimits = defaultGraphLimits): string[] {
  const document = parseWithLimits(query, limits);
  if (document instanceof GraphQLError) return [document.message];
  const invalid = hideSuggestions(validate(testSchema, document, [...specifiedRules, ...aliasesAndDepth(limits)]));
  if (invalid.length > 0) return invalid.map((e) => e.message);
  return costRefusals(query, variables, limits);
}

describe('the limits as the endpoint applies them, with graphql-js specifiedRules, at the default limits', () => {
  it('accepts the spec sample', () => {
    expect(refusals(sampleQuery)).toEqual([]);
  });

  it('accepts the introspection query every client sends first', () => {
    expect(refusals(getIntrospectionQuery())).toEqual([]);
  });

  it('refuses a 10-level query for its depth (and, with posts at their default 10 a level, for its cost)', () => {
    // The depth is the document's verdict, so the endpoint answers with it and never prices the query.
    expect(refusals(nestedQuery(10))).toEqual(['The query is 10 levels deep; the maximum depth is 7.']);
    expect(costRefusals(nestedQuery(10))).toEqual(['The query has an estimated cost of 22221; the maximum cost is 250.']);
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
    const query = `{ ${Array.from({ length: 11 }, (_, i) => user(i)).join(' ')} }`;
    // Every limit the document alone decides, in one answer; the cost would come next, for a document that passed.
    expect(refusals(query)).toEqual([
      'The query is 8 levels deep; the maximum depth is 7.',
      'The query uses 11 aliases; the maximum is 10.',
    ]);
    expect(costRefusals(query)).toEqual(['The query has an estimated cost of 2255; the maximum cost is 250.']);
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
    expect(() => aliasesAndDepth({ ...defaultGraphLimits, maxDepth: -1 })).toThrow(RangeError);
  });
});
