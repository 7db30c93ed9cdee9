import { parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { TestOrigin, bodyOf } from '../../testing-kit.js';
import { documentRules } from '../document-cache.js';
import { graphSchema } from '../schema.js';

const errors = (query: string) => validate(graphSchema, parse(query), documentRules([])).map((error) => ({ message: error.message, locations: error.locations }));

describe('a subscription\'s root selection is unconditional (graphql-spec#860)', () => {
  it('refuses @skip and @include at the root, on a field, an inline fragment or a spread fragment\'s field, named or not', () => {
    expect(errors('subscription ($b: Boolean!) { commentAdded(postId: 1) @skip(if: $b) { id } }')).toEqual([
      { message: 'Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.', locations: [{ line: 1, column: 55 }] },
    ]);
    expect(errors('subscription S($b: Boolean!) { ... @include(if: $b) { commentAdded(postId: 1) { id } } ...F } fragment F on Subscription { commentAdded(postId: 1) @skip(if: true) { id } }')).toEqual([
      { message: 'Subscription "S" must not use `@skip` or `@include` directives in the top level selection.', locations: [{ line: 1, column: 36 }, { line: 1, column: 148 }] },
    ]);
    expect(errors('subscription { ... on Subscription { commentAdded(postId: 1) @include(if: false) { id } } }')).toEqual([
      { message: 'Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.', locations: [{ line: 1, column: 62 }] },
    ]);
  });

  it('leaves them alone below the root, and in queries', () => {
    expect(errors('subscription ($b: Boolean!) { commentAdded(postId: 1) { id @skip(if: $b) author { name @include(if: $b) } } }')).toEqual([]);
    expect(errors('query ($b: Boolean!) { user(id: 1) @skip(if: $b) { id } }')).toEqual([]);
  });

  it('keeps graphql-js\'s own checks: one root field, not an introspection one', () => {
    expect(errors('subscription { a: commentAdded(postId: 1) { id } b: commentAdded(postId: 2) { id } }').map((e) => e.message)).toEqual(['Anonymous Subscription must select only one top level field.']);
    expect(errors('subscription S { __typename }').map((e) => e.message)).toEqual(['Subscription "S" must not select an introspection top level field.']);
  });

  it('is needed: graphql-js 16 alone throws from validate on a variable there, instead of refusing the document', () => {
    // When graphql-js refuses it on its own (17 does), this rule can go.
    expect(() => validate(graphSchema, parse('subscription ($b: Boolean!) { commentAdded(postId: 1) @skip(if: $b) { id } }'), specifiedRules)).toThrow(/was not provided a runtime value/);
  });

  it('answers such a subscription sent over POST with 400 and the error, not a crash', async () => {
    const t = new TestOrigin();
    const res = await t.send('POST', '/graphql', t.session('alice'), { query: 'subscription ($b: Boolean!) { commentAdded(postId: 1) @skip(if: $b) { id } }', variables: { b: false } });
    expect(res.status).toBe(400);
    expect(bodyOf(res)).toMatchObject({ errors: [{ message: expect.stringContaining('must not use `@skip` or `@include`') as unknown }] });
    expect(bodyOf(res)).not.toHaveProperty('data');
  });
});
