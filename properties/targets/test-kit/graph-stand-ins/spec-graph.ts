import { createSchema, createYoga, type Plugin } from 'graphql-yoga';

/**
 * The spec's graph (§2: `user(id)`, `posts(limit)`, `comments`, `author`, and a `createPost` mutation) on
 * GraphQL Yoga, as a Yoga user would write it: the stand-ins of
 * `properties/targets/graph-conformance-stand-ins.test.ts` differ only in the type of `user`'s id and the
 * plugins they add (their limits, persisted queries, a CSRF guard). User 1 has 50 posts, newest first, each
 * with 10 comments by user 2.
 */
export interface SpecGraphOptions {
  /** `user(id:)`'s declared type: the spec leaves it open. */
  readonly idType: 'ID' | 'Int';
  readonly plugins: readonly Plugin[];
}

interface User { readonly id: number; readonly name: string }
interface Post { readonly id: number; readonly title: string; readonly authorId: number; readonly commentIds: readonly number[] }
interface Comment { readonly id: number; readonly body: string; readonly authorId: number }

const users: readonly User[] = [{ id: 1, name: 'alice' }, { id: 2, name: 'bob' }];
const postsAtStart = 50;
const commentsPerPost = 10;

export function specGraph(options: SpecGraphOptions): ReturnType<typeof createYoga> {
  const comments = new Map<number, Comment>();
  // Newest first, as the checks' control mutation reads them back.
  const posts: Post[] = Array.from({ length: postsAtStart }, (_, i) => {
    const id = postsAtStart - i;
    const commentIds = Array.from({ length: commentsPerPost }, (_, j) => id * 100 + j);
    for (const commentId of commentIds) comments.set(commentId, { id: commentId, body: `comment ${commentId}`, authorId: 2 });
    return { id, title: `post ${id}`, authorId: 1, commentIds };
  });
  const userById = (id: unknown): User | undefined => users.find((u) => String(u.id) === String(id));
  const author = (of: { authorId: number }): User => userById(of.authorId)!;

  return createYoga({
    schema: createSchema({
      typeDefs: /* GraphQL */ `
        type Query { user(id: ${options.idType}!): User }
        type User { id: ID! name: String! posts(limit: Int = 10): [Post!]! }
        type Post { id: ID! title: String! comments: [Comment!]! author: User! }
        type Comment { id: ID! body: String! author: User! }
        type Mutation { createPost(title: String!): Post! }
      `,
      resolvers: {
        Query: { user: (_: unknown, { id }: { id: unknown }) => userById(id) },
        User: { posts: (user: User, { limit }: { limit: number }) => posts.filter((p) => p.authorId === user.id).slice(0, limit) },
        Post: { comments: (post: Post) => post.commentIds.map((id) => comments.get(id)!), author },
        Comment: { author },
        Mutation: {
          createPost: (_: unknown, { title }: { title: string }) => {
            const post = { id: posts.length + 1, title, authorId: 1, commentIds: [] };
            posts.unshift(post);
            return post;
          },
        },
      },
    }),
    plugins: [...options.plugins],
  });
}
