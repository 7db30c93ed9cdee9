import { GraphQLError, Kind, type ValidationRule } from 'graphql';

/** `limit` may be at most `cap`, checked when the document is validated: a bound on one list, not a cost limit. */
export const limitCap = (cap: number): ValidationRule => (context) => ({
  Argument(argument) {
    if (argument.name.value === 'limit' && argument.value.kind === Kind.INT && Number(argument.value.value) > cap) {
      context.reportError(new GraphQLError(`limit must be at most ${cap}, got ${argument.value.value}.`, { nodes: argument, extensions: { code: 'BAD_USER_INPUT' } }));
    }
  },
});
