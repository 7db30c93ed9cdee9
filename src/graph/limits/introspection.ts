/**
 * Introspection reads the schema, never the store, and graphql-js's own MaxIntrospectionDepthRule (one of the
 * `specifiedRules`) bounds its nesting. So the limits leave it to graphql: counting it in the depth would
 * refuse the introspection query every GraphQL client sends first (about 12 levels deep), so an introspection
 * field counts as one level, like a leaf; and the cost, an upper bound of the objects read from the store,
 * charges it nothing.
 */
export const introspectionFields: ReadonlySet<string> = new Set(['__schema', '__type']);
