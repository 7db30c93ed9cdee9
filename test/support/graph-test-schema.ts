import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * A copy of the graph schema (src/graph/schema.ts) in SDL, without resolvers, so that the limits are tested on
 * their own while the real schema changes. Only its shape matters to the limits: types, lists and arguments.
 */
export const testSchemaSdl = /* GraphQL */ `
  type Query { user(id: ID!): User }
  type User { id: ID! name: String! posts(limit: Int = 10): [Post!]! }
  type Post { id: ID! title: String! comments: [Comment!]! author: User! }
  type Comment { id: ID! body: String! author: User! }
  type Mutation { createPost(title: String!): Post! addComment(postId: ID!, body: String!): Comment! }
  type Subscription { commentAdded(postId: ID!): Comment! }
`;

export const testSchema: GraphQLSchema = buildSchema(testSchemaSdl);

/** The spec's nested sample (§4 Area C rule 4): a user with posts, each with comments and their authors. */
export const sampleQuery = '{ user(id: "1") { name posts(limit: 5) { title comments { body author { name } } author { name } } } }';

/** `{ user(id: 1) { posts { author { posts { … } } } } }`, ending in a scalar exactly `depth` fields deep. */
export function nestedQuery(depth: number): string {
  if (depth < 2) throw new RangeError('the shortest query on this schema is user { name }, 2 deep');
  const path = ['user(id: 1)'];
  for (let level = 2; level < depth; level++) path.push(level % 2 === 0 ? 'posts' : 'author');
  const leaf = depth % 2 === 0 ? 'name' : 'title';
  return `{ ${path.join(' { ')} { ${leaf}${' }'.repeat(path.length)} }`;
}
