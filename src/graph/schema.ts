import {
  GraphQLError, GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString,
} from 'graphql';
import type { Guard } from '../policy/guard.js';
import type { Operation } from '../policy/operation.js';
import type { Comment, Post, PostsStore } from '../posts/store.js';
import type { User } from '../users/store.js';
import type { Loaders } from './loaders.js';
import { countResolverCalls } from './resolver-calls.js';
import { type CommentAdded, commentAddedTopic, endsCommentStream, type GraphEvents } from './subscriptions/graph-events.js';
import { TopicStream } from './subscriptions/topic-stream.js';

/**
 * Gate 2 as resolvers use it: the caller's `Guard`, or a stand-in that keeps its decisions apart
 * (`compiled-operations.ts`). `decision` is the last one taken, which the audit log records.
 */
export type GateTwo = Pick<Guard, 'subject' | 'access' | 'decision'>;

/** What every resolver of one request gets: the caller's gate 2 and the request's batch loaders. */
export interface GraphContext {
  readonly guard: GateTwo;
  readonly loaders: Loaders;
  readonly posts: PostsStore;
  /** Where mutations publish what subscriptions push. */
  readonly events: GraphEvents;
  /** Objects resolved so far: the cost estimate must bound it (a property checks). */
  resolved: number;
  /** Field resolvers called so far, counted by `countResolverCalls`. */
  resolverCalls: number;
}

/** `posts(limit)` and `comments(limit)` bounds: 0 to 50, so that one field can never ask for the whole store. */
export const maxPostsLimit = 50;

/**
 * Gate 2 for a field: the same policy as the REST routes. A field the caller may not see resolves to null
 * with an error at its path (spec 7.2), never to the data.
 */
function allow(ctx: GraphContext, operation: Operation): void {
  const access = ctx.guard.access(operation, { resource: operation.resource });
  if (!access.allow) throw new GraphQLError(`Not permitted: ${access.reason}.`, { extensions: { code: 'FORBIDDEN' } });
}

/** The spec's `id` is written quoted in one sample and bare in another: `ID` accepts both. */
function idOf(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && String(id) === String(value) ? id : undefined;
}

/** What a list gives when the client sets no bound: the same 10 the cost estimate assumes for one. */
const defaultListLimit = 10;

/**
 * The list's bound: `limit: null` sets none, exactly like leaving `limit` out, so the default applies (the
 * reading the cost estimate makes). A value out of range fails this field at its path.
 */
function boundOf(limit: number | null): number {
  const bound = limit ?? defaultListLimit;
  if (bound < 0 || bound > maxPostsLimit) {
    throw new GraphQLError(`limit must be between 0 and ${maxPostsLimit}, got ${bound}.`, { extensions: { code: 'BAD_USER_INPUT' } });
  }
  return bound;
}

function resolved<T>(ctx: GraphContext, value: T): T {
  ctx.resolved += Array.isArray(value) ? value.length : value === undefined || value === null ? 0 : 1;
  return value;
}

const UserType: GraphQLObjectType = new GraphQLObjectType<User, GraphContext>({
  name: 'User',
  fields: () => ({
    id: { type: new GraphQLNonNull(GraphQLID) },
    name: { type: new GraphQLNonNull(GraphQLString) },
    posts: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(PostType))),
      args: { limit: { type: GraphQLInt, defaultValue: defaultListLimit } },
      resolve: async (user, args: { limit: number | null }, ctx) => {
        const limit = boundOf(args.limit);
        allow(ctx, { action: 'list', resource: 'posts' });
        return resolved(ctx, await ctx.loaders.posts.load({ authorId: user.id, limit }));
      },
    },
  }),
});

const PostType: GraphQLObjectType = new GraphQLObjectType<Post, GraphContext>({
  name: 'Post',
  fields: () => ({
    id: { type: new GraphQLNonNull(GraphQLID) },
    title: { type: new GraphQLNonNull(GraphQLString) },
    comments: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(CommentType))),
      // Bounded like posts, so the cost estimate (which multiplies by `limit`) stays an upper bound.
      args: { limit: { type: GraphQLInt, defaultValue: defaultListLimit } },
      resolve: async (post, args: { limit: number | null }, ctx) => {
        const limit = boundOf(args.limit);
        return resolved(ctx, (await ctx.loaders.comments.load(post.id)).slice(0, limit));
      },
    },
    author: { type: new GraphQLNonNull(UserType), resolve: (post, _args, ctx) => author(ctx, post.authorId) },
  }),
});

const CommentType: GraphQLObjectType = new GraphQLObjectType<Comment, GraphContext>({
  name: 'Comment',
  fields: () => ({
    id: { type: new GraphQLNonNull(GraphQLID) },
    body: { type: new GraphQLNonNull(GraphQLString) },
    author: { type: new GraphQLNonNull(UserType), resolve: (comment, _args, ctx) => author(ctx, comment.authorId) },
  }),
});

async function author(ctx: GraphContext, authorId: number): Promise<User> {
  allow(ctx, { action: 'read', resource: 'users' });
  const user = await ctx.loaders.users.load(authorId);
  if (user === undefined) throw new GraphQLError(`User ${authorId} no longer exists.`, { extensions: { code: 'NOT_FOUND' } });
  return resolved(ctx, user);
}

const QueryType = new GraphQLObjectType<unknown, GraphContext>({
  name: 'Query',
  fields: {
    user: {
      type: UserType,
      args: { id: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: async (_root, args: { id: unknown }, ctx) => {
        allow(ctx, { action: 'read', resource: 'users' });
        const id = idOf(args.id);
        return id === undefined ? null : resolved(ctx, (await ctx.loaders.users.load(id)) ?? null);
      },
    },
  },
});

const MutationType = new GraphQLObjectType<unknown, GraphContext>({
  name: 'Mutation',
  fields: {
    createPost: {
      type: new GraphQLNonNull(PostType),
      args: { title: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: (_root, args: { title: string }, ctx) => {
        allow(ctx, { action: 'create', resource: 'posts' });
        if (args.title.trim() === '' || args.title.length > 200) throw new GraphQLError('title must be 1 to 200 characters.', { extensions: { code: 'BAD_USER_INPUT' } });
        withinQuota(ctx.posts.roomForPost(ctx.guard.subject.userId, args.title));
        return resolved(ctx, ctx.posts.addPost(ctx.guard.subject.userId, args.title));
      },
    },
    addComment: {
      type: new GraphQLNonNull(CommentType),
      args: { postId: { type: new GraphQLNonNull(GraphQLID) }, body: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: (_root, args: { postId: unknown; body: string }, ctx) => {
        allow(ctx, { action: 'create', resource: 'posts' });
        const postId = idOf(args.postId);
        if (args.body.trim() === '' || args.body.length > 1000) throw new GraphQLError('body must be 1 to 1000 characters.', { extensions: { code: 'BAD_USER_INPUT' } });
        if (postId === undefined || ctx.posts.post(postId) === undefined) throw new GraphQLError(`No post ${String(args.postId)}.`, { extensions: { code: 'NOT_FOUND' } });
        withinQuota(ctx.posts.roomForComment(ctx.guard.subject.userId, args.body));
        const comment = ctx.posts.addComment(postId, ctx.guard.subject.userId, args.body)!;
        ctx.events.publish(commentAddedTopic(comment.postId), { kind: 'commentAdded', comment });
        return resolved(ctx, comment);
      },
    },
  },
});

/**
 * A creation past the caller's quota is a field error, as every refusal inside a mutation is (the spec's
 * partial failure is 200), carrying what REST's 507 problem details carry: which bound, its max, the usage.
 */
function withinQuota(check: ReturnType<PostsStore['roomForPost']>): void {
  if (!check.ok) throw new GraphQLError(check.detail, { extensions: { code: 'QUOTA_EXCEEDED', limit: check.limit, max: check.max, used: check.used } });
}

/**
 * Push delivery (spec §4 rule 5, §6). Subscribing needs what reading the pushed object needs (`read posts`,
 * as listing a user's posts and their comments does), asked when the subscription starts; then every event
 * runs the subscriber's own selection with the subscriber's own guard, so each push passes gate 2 again,
 * field by field, and a field the subscriber may not see is null with FORBIDDEN inside that push.
 */
const SubscriptionType = new GraphQLObjectType<CommentAdded, GraphContext>({
  name: 'Subscription',
  fields: {
    commentAdded: {
      type: new GraphQLNonNull(CommentType),
      description: 'Every comment added to the post from now on, as `addComment` adds it.',
      args: { postId: { type: new GraphQLNonNull(GraphQLID) } },
      subscribe: (_root, args: { postId: unknown }, ctx: GraphContext) => {
        allow(ctx, { action: 'read', resource: 'posts' });
        const postId = idOf(args.postId);
        // After gate 2, so a caller who may not read posts cannot learn which ids exist.
        if (postId === undefined || ctx.posts.post(postId) === undefined) {
          throw new GraphQLError(`No post ${String(args.postId)}.`, { extensions: { code: 'NOT_FOUND' } });
        }
        return new TopicStream(ctx.events, commentAddedTopic(postId), endsCommentStream);
      },
      resolve: (event, _args, ctx) => {
        allow(ctx, { action: 'read', resource: 'posts' });
        return resolved(ctx, event.comment);
      },
    },
  },
});

/** Spec §2 graph types, with Mutation and Subscription on the same type system (§2, §4 rule 5). */
export const graphSchema = countResolverCalls(new GraphQLSchema({ query: QueryType, mutation: MutationType, subscription: SubscriptionType }));
