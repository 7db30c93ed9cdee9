import DataLoader from 'dataloader';
import type { Comment, Post, PostsStore } from '../posts/store.js';
import type { User, UsersStore } from '../users/store.js';

/** One `User.posts` lookup: an author's latest posts, at most `limit` of them. */
export interface PostsKey {
  readonly authorId: number;
  readonly limit: number;
}

/** DataLoader compares keys by identity; this makes two lookups of the same author and limit one. */
const postsCacheKey = ({ authorId, limit }: PostsKey): string => `${authorId}:${limit}`;

/**
 * The batch loaders of one request (never shared between requests, so one caller's cache cannot answer
 * another). Every author of a level is fetched in one batch, not one lookup per row. `calls` counts the
 * batch calls and `objects` the objects resolved, which the properties compare with the cost estimate.
 */
export class Loaders {
  /** Shared across requests by the endpoint, which reports the totals. */
  readonly stats: { batches: number };
  readonly #stores: readonly [UsersStore, PostsStore];
  #users: DataLoader<number, User | undefined> | undefined;
  #posts: DataLoader<PostsKey, Post[], string> | undefined;
  #comments: DataLoader<number, Comment[]> | undefined;

  constructor(users: UsersStore, posts: PostsStore, stats: { batches: number } = { batches: 0 }) {
    this.stats = stats;
    this.#stores = [users, posts];
  }

  // Each loader is made when a resolver first asks for it: a compiled query runs on loaders of its own
  // (`apart`), and the request's own are then never used.
  get users(): DataLoader<number, User | undefined> {
    const [users] = this.#stores;
    return (this.#users ??= new DataLoader((ids) => Promise.resolve(this.#count(users.usersByIds(ids)))));
  }

  get posts(): DataLoader<PostsKey, Post[], string> {
    const [, posts] = this.#stores;
    // Keyed by author and limit: a batch asks the store once per distinct limit.
    return (this.#posts ??= new DataLoader(
      (keys: readonly PostsKey[]) => {
        const byLimit = new Map<number, number[]>();
        for (const { authorId, limit } of keys) byLimit.set(limit, [...(byLimit.get(limit) ?? []), authorId]);
        // Limit, then author: what the store gave for each.
        const found = new Map<number, Map<number, Post[]>>();
        for (const [limit, authorIds] of byLimit) {
          const lists = this.#count(posts.postsByAuthors(authorIds, limit));
          found.set(limit, new Map(authorIds.map((authorId, i) => [authorId, lists[i] ?? []])));
        }
        return Promise.resolve(keys.map(({ authorId, limit }) => found.get(limit)?.get(authorId) ?? []));
      },
      { cacheKeyFn: postsCacheKey },
    ));
  }

  get comments(): DataLoader<number, Comment[]> {
    const [, posts] = this.#stores;
    return (this.#comments ??= new DataLoader((postIds) => Promise.resolve(this.#count(posts.commentsByPosts(postIds)))));
  }

  /** Loaders on the same stores that count their batches apart, for a run whose counts may be thrown away. */
  apart(): Loaders {
    return new Loaders(...this.#stores);
  }

  #count<T>(batch: T): T {
    this.stats.batches++;
    return batch;
  }
}
