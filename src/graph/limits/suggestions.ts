import { GraphQLError } from 'graphql';

/**
 * graphql-js ends many messages with `Did you mean "name"?` (an unknown field, argument, type or enum value),
 * naming fields close to what was typed. That is a free schema dump for whoever probes with typos when
 * introspection is off, so it is removed. Suggestions are made only of quoted names, which cannot hold a `?`.
 */
const suggestion = / ?Did you mean [^?]*\?/g;

/**
 * The same errors without their suggestions. Locations, path and extensions are kept; an error without a
 * suggestion is returned as it is. Works on validation errors and on variable-coercion errors alike.
 *
 * graphql 16.15 can leave them out at the source (`hideSuggestions: true` in the options of `validate` and
 * `execute`); pass that too. This is the net under it, for any step whose option was forgotten, so that no
 * error reaches a client with a suggestion in it.
 */
export function hideSuggestions(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.map((error) => {
    const message = error.message.replace(suggestion, '');
    if (message === error.message) return error;
    return new GraphQLError(message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      originalError: error.originalError,
      extensions: error.extensions,
    });
  });
}
