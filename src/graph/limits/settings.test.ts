import { getIntrospectionQuery, Lexer, parse, Source, TokenKind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryAliases } from './aliases.js';
import { estimateCost } from './cost.js';
import { queryDepth } from './depth.js';
import { defaultGraphLimits, graphLimitsWith } from './settings.js';
import { nestedQuery, sampleQuery, testSchema } from '../../../test/support/graph-test-schema.js';

function tokens(query: string): number {
  const lexer = new Lexer(new Source(query));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count++;
  return count;
}
const cost = (query: string) => estimateCost(parse(query), testSchema, {}, defaultGraphLimits);

describe('the default limits hold what their comments claim', () => {
  it('the spec sample is 5 deep, costs 111, has no alias and 32 tokens, all well inside the limits', () => {
    expect([queryDepth(parse(sampleQuery)), cost(sampleQuery), queryAliases(parse(sampleQuery)), tokens(sampleQuery)]).toEqual([5, 111, 0, 32]);
    expect(defaultGraphLimits).toMatchObject({ maxDepth: 7, maxCost: 250, maxAliases: 10, maxTokens: 1000, defaultListSize: 10 });
  });

  it('depth: the commenters\' posts (6) pass, 10 levels do not', () => {
    expect(queryDepth(parse('{ user(id: 1) { posts { comments { author { posts { title } } } } } }'))).toBe(6);
    expect(queryDepth(parse(nestedQuery(10)))).toBeGreaterThan(defaultGraphLimits.maxDepth);
  });

  it('cost: the sample at the default 10 posts passes (221); 100 posts with comments (1101) and 50 with comment authors (1051) do not', () => {
    const at = (limit: string) => `{ user(id: 1) { name posts${limit} { title comments { body author { name } } author { name } } } }`;
    expect(cost(at(''))).toBe(221);
    expect(cost('{ user(id: 1) { posts(limit: 100) { comments { body } } } }')).toBe(1101);
    expect(cost('{ user(id: 1) { posts(limit: 50) { comments { author { name } } } } }')).toBe(1051);
    expect(cost(at(''))).toBeLessThanOrEqual(defaultGraphLimits.maxCost);
    expect(1051).toBeGreaterThan(defaultGraphLimits.maxCost);
  });

  it('tokens: the full introspection query is under 200', () => {
    expect(tokens(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }))).toBeLessThan(200);
  });
});

describe('graphLimitsWith: a scenario\'s overrides on the defaults, checked when it loads', () => {
  it('overrides one limit and merges weights key by key', () => {
    const once = graphLimitsWith({ maxCost: 500, fieldWeights: { 'Post.comments': 2 } });
    const twice = graphLimitsWith({ fieldWeights: { 'Comment.body': 1 } }, once);
    expect(twice).toEqual({ ...defaultGraphLimits, maxCost: 500, fieldWeights: { 'Post.comments': 2, 'Comment.body': 1 } });
  });

  it('switches a limit off with Infinity', () => {
    expect(graphLimitsWith({ maxDepth: Infinity, maxCost: Infinity }).maxDepth).toBe(Infinity);
  });

  it('takes 0 as a limit like any other (nothing allowed), and as a list size (lists assumed empty)', () => {
    const zeros = { maxDepth: 0, maxCost: 0, maxAliases: 0, maxTokens: 0, defaultListSize: 0 };
    expect(graphLimitsWith(zeros)).toEqual({ ...defaultGraphLimits, ...zeros });
  });

  it.each([
    [{ maxDepth: -1 }, 'maxDepth'],
    [{ maxAliases: 1.5 }, 'maxAliases'],
    [{ maxTokens: Number.NaN }, 'maxTokens'],
    [{ maxCost: -1 }, 'maxCost'],
    [{ defaultListSize: Infinity }, 'defaultListSize'],
    [{ defaultListSize: -1 }, 'defaultListSize'],
    [{ fieldWeights: { comments: 2 } }, 'Type.field'],
    [{ fieldWeights: { 'Query.user.posts': 2 } }, 'Type.field'],
    [{ fieldWeights: { 'my Post.comments': 2 } }, 'Type.field'],
    [{ fieldWeights: { 'Post.comments': -1 } }, 'Post.comments'],
  ])('refuses %o, naming %s', (overrides, named) => {
    expect(() => graphLimitsWith(overrides)).toThrow(RangeError);
    expect(() => graphLimitsWith(overrides)).toThrow(named);
  });
});
