import { parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { maxAliasesRule, queryAliases } from './aliases.js';
import { testSchema } from '../../../test/support/graph-test-schema.js';

const check = (query: string, maxAliases: number) => validate(testSchema, parse(query), [maxAliasesRule(maxAliases)]);
const aliasedUsers = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `u${i}: user(id: ${i}) { name }`).join(' ')} }`;

describe('maxAliasesRule: one request may not ask for the same field over and over', () => {
  it('accepts exactly the limit and refuses one more, naming both numbers', () => {
    expect(check(aliasedUsers(10), 10)).toEqual([]);
    const [error] = check(aliasedUsers(11), 10);
    expect(error?.message).toBe('The query uses 11 aliases; the maximum is 10.');
    expect(error?.extensions).toEqual({ code: 'TOO_MANY_ALIASES', aliases: 11, maxAliases: 10 });
  });

  it('refuses batched mutations, which the cost limit prices at one object each', () => {
    const batch = `mutation Spam { ${Array.from({ length: 50 }, (_, i) => `c${i}: addComment(postId: 1, body: "x") { id }`).join(' ')} }`;
    expect(check(batch, 10).map((e) => e.message)).toEqual(['Mutation "Spam" uses 50 aliases; the maximum is 10.']);
  });

  it('counts aliases at every level and in inline fragments', () => {
    expect(queryAliases(parse('{ me: user(id: 1) { n: name posts { t: title ... on Post { a: author { name } } } } }'))).toBe(4);
  });

  it('counts a fragment once per spread, since each spread runs its fields again', () => {
    const query = `{ a: user(id: 1) { ...Names } b: user(id: 2) { ...Names } }
      fragment Names on User { n1: name n2: name n3: name n4: name n5: name }`;
    expect(queryAliases(parse(query))).toBe(12);
    expect(check(query, 10)).toHaveLength(1);
  });

  it('does not count unaliased fields, even repeated ones', () => {
    expect(queryAliases(parse('{ user(id: 1) { name name name posts { title } posts { title } } }'))).toBe(0);
  });

  it('stops on cyclic fragments, which graphql reports', () => {
    const query = '{ user(id: 1) { ...A } } fragment A on User { x: name ...B } fragment B on User { y: name ...A }';
    expect(queryAliases(parse(query))).toBe(2);
    expect(validate(testSchema, parse(query), [...specifiedRules, maxAliasesRule(10)])).toHaveLength(1);
  });

  it('allows no alias at all at 0, while unaliased fields still pass', () => {
    expect(check('{ user(id: 1) { name } }', 0)).toEqual([]);
    expect(check(aliasedUsers(1), 0).map((e) => e.extensions)).toEqual([{ code: 'TOO_MANY_ALIASES', aliases: 1, maxAliases: 0 }]);
  });

  it('has no limit at Infinity and refuses limits that are not counts, naming the setting', () => {
    expect(check(aliasedUsers(200), Infinity)).toEqual([]);
    expect(() => maxAliasesRule(-1)).toThrow(new RangeError('maxAliases must be a non-negative integer or Infinity (no limit), got -1'));
  });
});
