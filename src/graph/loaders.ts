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
  readonly users: DataLoader<number, User | undefined>;
  readonly posts: DataLoader<PostsKey, Post[], string>;
  readonly comments: DataLoader<number, Comment[]>;
  /** Shared across requests by the endpoint, which reports the totals. */
  readonly stats: { batches: number };
  readonly #stores: readonly [UsersStore, PostsStore];

  constructor(users: UsersStore, posts: PostsStore, stats: { batches: number } = { batches: 0 }) {
    this.stats = stats;
    this.#stores = [users, posts];
    const count = <T>(batch: T): T => {
      this.stats.batches++;
      return batch;
    };
    this.users = new DataLoader((ids) => Promise.resolve(count(users.usersByIds(ids))));
    // Keyed by author and limit: a batch asks the store once per distinct limit.
    this.posts = new DataLoader(
      (keys: readonly PostsKey[]) => {
        const byLimit = new Map<number, number[]>();
        for (const { authorId, limit } of keys) byLimit.set(limit, [...(byLimit.get(limit) ?? []), authorId]);
        // Limit, then author: what the store gave for each.
        const found = new Map<number, Map<number, Post[]>>();
        for (const [limit, authorIds] of byLimit) {
          const lists = count(posts.postsByAuthors(authorIds, limit));
          found.set(limit, new Map(authorIds.map((authorId, i) => [authorId, lists[i] ?? []])));
        }
        return Promise.resolve(keys.map(({ authorId, limit }) => found.get(limit)?.get(authorId) ?? []));
      },
      { cacheKeyFn: postsCacheKey },
    );
    this.comments = new DataLoader((postIds) => Promise.resolve(count(posts.commentsByPosts(postIds))));
  }

  /** Loaders on the same stores that count their batches apart, for a run whose counts may be thrown away. */
  apart(): Loaders {
    return new Loaders(...this.#stores);
  }
}
