import { GraphQLError, Kind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { defaultGraphLimits } from './settings.js';
import { sampleQuery } from '../../../test/support/graph-test-schema.js';
import { parseWithLimits } from './tokens.js';

describe('parseWithLimits: the token limit acts while parsing, and errors are returned, not thrown', () => {
  it('parses the spec sample, which is 32 tokens, at exactly that limit', () => {
    const document = parseWithLimits(sampleQuery, { maxTokens: 32 });
    expect(document).not.toBeInstanceOf(GraphQLError);
    expect(document).toHaveProperty('kind', Kind.DOCUMENT);
  });

  it('returns a clear error one token over the limit', () => {
    const error = parseWithLimits(sampleQuery, { maxTokens: 31 });
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).message).toBe('The query has more than 31 tokens (names, punctuation and values); the maximum is 31. It was not parsed.');
    expect((error as GraphQLError).extensions).toEqual({ code: 'TOO_MANY_TOKENS', maxTokens: 31 });
    // Where parsing stopped: the 32nd token, the query's last closing brace.
    expect((error as GraphQLError).locations).toEqual([{ line: 1, column: sampleQuery.length }]);
  });

  it('stops early on a huge document rather than building it', () => {
    const huge = `{ ${'user(id: 1) { name } '.repeat(200_000)} }`;
    const error = parseWithLimits(huge, defaultGraphLimits);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).extensions['code']).toBe('TOO_MANY_TOKENS');
  });

  it('does not count comments as tokens', () => {
    // `{ user ( id : 1 ) { name } }` is 11 tokens, whatever comes before it.
    expect(parseWithLimits(`# ${'a comment '.repeat(100)}\n{ user(id: 1) { name } }`, { maxTokens: 11 })).toHaveProperty('kind', Kind.DOCUMENT);
    expect(parseWithLimits(`# ${'a comment '.repeat(100)}\n{ user(id: 1) { name } }`, { maxTokens: 10 })).toBeInstanceOf(GraphQLError);
  });

  it('returns other syntax errors unchanged, also without throwing', () => {
    const error = parseWithLimits('{ user(id: 1) { name }', defaultGraphLimits);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).message).toBe('Syntax Error: Expected Name, found <EOF>.');
  });

  it('has no limit at Infinity and refuses a limit that is not a count', () => {
    expect(parseWithLimits(`{ ${'user(id: 1) { name } '.repeat(2_000)} }`, { maxTokens: Infinity })).toHaveProperty('kind', Kind.DOCUMENT);
    expect(() => parseWithLimits(sampleQuery, { maxTokens: -1 })).toThrow(new RangeError('maxTokens must be a non-negative integer or Infinity (no limit), got -1'));
  });

  it('throws what is not a syntax error: a caller passing no text is a bug, not a bad query to answer', () => {
    expect(() => parseWithLimits(undefined as unknown as string, defaultGraphLimits)).toThrow('Body must be a string. Received: undefined.');
  });
});
