import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationsOf } from './fragments.js';

const names = (query: string, operationName?: string) => operationsOf(parse(query), operationName).map((operation) => operation.name?.value ?? '(anonymous)');

describe('operationsOf: the operations a request may run', () => {
  it('takes every operation when no name is given, and never a fragment', () => {
    expect(names('query A { __typename } mutation B { __typename } fragment F on Query { __typename }')).toEqual(['A', 'B']);
  });

  it('finds the named one beside an anonymous operation, which validation refuses but the measures must not throw on', () => {
    // The limits measure a document before graphql's LoneAnonymousOperationRule has had its say.
    const document = '{ __typename } query Named { __typename }';
    expect(names(document, 'Named')).toEqual(['Named']);
    expect(names(document)).toEqual(['(anonymous)', 'Named']);
    expect(names(document, 'Missing')).toEqual([]);
  });
});
