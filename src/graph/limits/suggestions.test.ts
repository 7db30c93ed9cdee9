import { buildSchema, getVariableValues, GraphQLError, parse, validate, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { hideSuggestions } from './suggestions.js';
import { testSchema } from '../../../test/support/graph-test-schema.js';

const messages = (errors: readonly GraphQLError[]) => errors.map((e) => e.message);

describe('hideSuggestions: errors say what is wrong, not what the schema has', () => {
  it('removes field and argument suggestions, keeping the rest of the message and its location', () => {
    const errors = validate(testSchema, parse('{ user(id: 1) { nme posts(limt: 2) { titl } } }'));
    expect(messages(errors)).toEqual([
      'Cannot query field "nme" on type "User". Did you mean "name"?',
      'Unknown argument "limt" on field "User.posts". Did you mean "limit"?',
      'Cannot query field "titl" on type "Post". Did you mean "title"?',
    ]);
    const hidden = hideSuggestions(errors);
    expect(messages(hidden)).toEqual([
      'Cannot query field "nme" on type "User".',
      'Unknown argument "limt" on field "User.posts".',
      'Cannot query field "titl" on type "Post".',
    ]);
    expect(hidden.map((e) => e.locations)).toEqual(errors.map((e) => e.locations));
    expect(hidden.every((e) => e instanceof GraphQLError)).toBe(true);
  });

  it('removes type suggestions, including "to use an inline fragment on"', () => {
    const schema = buildSchema(`
      type Query { pet: Pet }
      interface Pet { name: String }
      type Dog implements Pet { name: String barks: Boolean }
      type Cat implements Pet { name: String meows: Boolean }
    `);
    const errors = validate(schema, parse('query($x: Dgo) { pet { barks } }'));
    expect(messages(errors)).toEqual([
      'Unknown type "Dgo". Did you mean "Dog"?',
      'Cannot query field "barks" on type "Pet". Did you mean to use an inline fragment on "Dog"?',
      'Variable "$x" is never used.',
    ]);
    expect(messages(hideSuggestions(errors))).toEqual(['Unknown type "Dgo".', 'Cannot query field "barks" on type "Pet".', 'Variable "$x" is never used.']);
  });

  it('removes suggestions from variable coercion errors and keeps their path and extensions', () => {
    const schema = buildSchema('enum Order { NEWEST OLDEST } input Page { order: Order } type Query { posts(page: Page): Int }');
    const operation = parse('query($page: Page) { posts(page: $page) }').definitions[0] as OperationDefinitionNode;
    const coercion = getVariableValues(schema, operation.variableDefinitions ?? [], { page: { ordr: 'NEWEST' } });
    expect(messages(coercion.errors ?? [])).toEqual(['Variable "$page" got invalid value { ordr: "NEWEST" }; Field "ordr" is not defined by type "Page". Did you mean "order"?']);
    const withPath = new GraphQLError(coercion.errors![0]!.message, { path: ['posts', 0], extensions: { code: 'BAD_USER_INPUT' } });
    const [hidden] = hideSuggestions([withPath]);
    expect(hidden?.message).toBe('Variable "$page" got invalid value { ordr: "NEWEST" }; Field "ordr" is not defined by type "Page".');
    expect([hidden?.path, hidden?.extensions]).toEqual([['posts', 0], { code: 'BAD_USER_INPUT' }]);
  });

  it('removes a suggestion that opens a line too: the net does not rely on graphql putting a space before it', () => {
    const [hidden] = hideSuggestions([new GraphQLError('Unknown field "nme".\nDid you mean "name"?')]);
    expect(hidden?.message).toBe('Unknown field "nme".\n');
  });

  it('returns an error without a suggestion as the same object', () => {
    const [error] = validate(testSchema, parse('{ user(id: 1) { zzzzzz } }'));
    expect(error?.message).toBe('Cannot query field "zzzzzz" on type "User".');
    expect(hideSuggestions([error!])[0]).toBe(error);
  });

  it('leaves nothing to strip after graphql\'s own hideSuggestions option', () => {
    const errors = validate(testSchema, parse('{ user(id: 1) { nme } }'), undefined, { hideSuggestions: true });
    expect(messages(errors)).toEqual(messages(hideSuggestions(validate(testSchema, parse('{ user(id: 1) { nme } }')))));
  });
});
