import { getIntrospectionQuery, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { maxDepthRule, queryDepth } from './depth.js';
import { nestedQuery, sampleQuery, testSchema } from '../../../test/support/graph-test-schema.js';

const check = (query: string, maxDepth: number) => validate(testSchema, parse(query), [maxDepthRule(maxDepth)]);

describe('maxDepthRule: fields on the longest path, refused before execution', () => {
  it('measures the spec sample as 5 deep', () => {
    expect(queryDepth(parse(sampleQuery))).toBe(5);
  });

  it.each([2, 3, 7, 12])('accepts a query exactly %i deep at that limit and refuses it one below', (depth) => {
    const query = nestedQuery(depth);
    expect(queryDepth(parse(query))).toBe(depth);
    expect(check(query, depth)).toEqual([]);
    expect(check(query, depth - 1)).toHaveLength(1);
    expect(check(nestedQuery(depth + 1), depth)).toHaveLength(1);
  });

  it('names the depth and the limit, and points at the operation', () => {
    const [error] = check(`query Deep ${nestedQuery(10)}`, 7);
    expect(error?.message).toBe('Query "Deep" is 10 levels deep; the maximum depth is 7.');
    expect(error?.extensions).toEqual({ code: 'QUERY_TOO_DEEP', depth: 10, maxDepth: 7 });
    expect(error?.locations).toEqual([{ line: 1, column: 1 }]);
    expect(check(nestedQuery(10), 7)[0]?.message).toBe('The query is 10 levels deep; the maximum depth is 7.');
  });

  it('counts the fields inside fragments where they are spread', () => {
    const query = `{ user(id: 1) { ...Posts } }
      fragment Posts on User { posts { ...Author } }
      fragment Author on Post { author { name } }`;
    expect(queryDepth(parse(query))).toBe(4);
    expect(check(query, 3)).toHaveLength(1);
    expect(check(query, 4)).toEqual([]);
  });

  it('counts inline fragments as the fields they hold, adding no level of their own', () => {
    const query = '{ user(id: 1) { ... on User { posts { ... { author { ... on User { name } } } } } } }';
    expect(queryDepth(parse(query))).toBe(4);
    expect(check(query, 3)).toHaveLength(1);
  });

  it('takes the deepest branch, not the first or the widest', () => {
    expect(queryDepth(parse('{ user(id: 1) { name id posts { title id } posts { author { name } } } }'))).toBe(4);
  });

  it('counts __typename as a leaf and an introspection field as one level', () => {
    expect(queryDepth(parse('{ user(id: 1) { posts { __typename } } }'))).toBe(3);
    expect(queryDepth(parse('{ __typename }'))).toBe(1);
    expect(queryDepth(parse(getIntrospectionQuery()))).toBe(1);
    expect(queryDepth(parse('{ __type(name: "User") { fields { type { ofType { name } } } } }'))).toBe(1);
    expect(check(getIntrospectionQuery(), 7)).toEqual([]);
  });

  it('stops on cyclic fragments, which graphql reports', () => {
    const query = `{ user(id: 1) { ...A } }
      fragment A on User { posts { author { ...B } } }
      fragment B on User { ...A name }`;
    const errors = validate(testSchema, parse(query), [...specifiedRules, maxDepthRule(7)]);
    expect(errors.map((e) => e.message)).toEqual(['Cannot spread fragment "A" within itself via "B".']);
    expect(queryDepth(parse(query))).toBe(4);
  });

  it('stops on a fragment that spreads itself', () => {
    const query = '{ user(id: 1) { ...Me } } fragment Me on User { name ...Me }';
    expect(queryDepth(parse(query))).toBe(2);
  });

  it('measures each fragment once, so fragments that spread each other twice stay linear, not 2^40', () => {
    const fragments = Array.from({ length: 40 }, (_, i) => `fragment F${i} on User { ...F${i + 1} ...F${i + 1} }`).join('\n');
    const query = `{ user(id: 1) { ...F0 } } ${fragments} fragment F40 on User { posts { title } }`;
    expect(queryDepth(parse(query))).toBe(3);
  });

  it('checks every operation of a document and can measure one by name', () => {
    const document = `query Shallow { user(id: 1) { name } } query Deep ${nestedQuery(9)}`;
    const errors = check(document, 7);
    expect(errors.map((e) => e.message)).toEqual(['Query "Deep" is 9 levels deep; the maximum depth is 7.']);
    expect(queryDepth(parse(document), 'Shallow')).toBe(2);
    expect(queryDepth(parse(document))).toBe(9);
  });

  it('applies to mutations and subscriptions too', () => {
    expect(check('mutation { createPost(title: "t") { author { posts { comments { author { name } } } } } }', 5)[0]?.message).toBe(
      'The mutation is 6 levels deep; the maximum depth is 5.',
    );
    expect(check('subscription Live { commentAdded(postId: 1) { author { posts { title } } } }', 3)[0]?.message).toBe(
      'Subscription "Live" is 4 levels deep; the maximum depth is 3.',
    );
  });

  it('refuses a limit that is not a count, naming the setting', () => {
    expect(() => maxDepthRule(-1)).toThrow(new RangeError('maxDepth must be a non-negative integer or Infinity (no limit), got -1'));
    expect(() => maxDepthRule(2.5)).toThrow(RangeError);
    expect(check(nestedQuery(40), Infinity)).toEqual([]);
  });
});
