import { defaultFieldResolver, type GraphQLSchema, isObjectType } from 'graphql';

/** What a counted resolver needs from its context. */
export interface CountsResolverCalls {
  resolverCalls: number;
}

/**
 * Wraps every field resolver of the schema, the default one included, so that the request's context counts
 * each call. "No resolver ran" is then a number to check, not a belief: a document refused before execution
 * must leave it at 0 (a property checks). Done once, when the schema is built; the cost is one call per field.
 */
export function countResolverCalls(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context: CountsResolverCalls, info) => {
        context.resolverCalls++;
        return resolve(source, args, context, info);
      };
      // A subscription field's `subscribe` runs once when the subscription starts (and decides gate 2 then),
      // so it counts like a resolver: a refused document must leave it uncalled too.
      const subscribe = field.subscribe;
      if (subscribe !== undefined) {
        field.subscribe = (source, args, context: CountsResolverCalls, info) => {
          context.resolverCalls++;
          return subscribe(source, args, context, info);
        };
      }
    }
  }
  return schema;
}
