import DataLoader from 'dataloader';
import type { Comment, Post, PostsStore } from '../posts/store.js';
import type { User, UsersStore } from '../users/store.js';

/**
 * The batch loaders of one request (never shared between requests, so one caller's cache cannot answer
 * another). Every author of a level is fetched in one batch, not one lookup per row. `calls` counts the
 * batch calls and `objects` the objects resolved, which the properties compare with the cost estimate.
 */
export class Loaders {
  readonly users: DataLoader<number, User | undefined>;
  readonly posts: DataLoader<string, Post[]>;
  readonly comments: DataLoader<number, Comment[]>;
  /** Shared across requests by the endpoint, which reports the totals. */
  readonly stats: { batches: number };

  constructor(users: UsersStore, posts: PostsStore, stats: { batches: number } = { batches: 0 }) {
    this.stats = stats;
    const count = <T>(batch: T): T => {
      this.stats.batches++;
      return batch;
    };
    this.users = new DataLoader((ids) => Promise.resolve(count(users.usersByIds(ids))));
    // Keyed by author and limit: a batch asks the store once per distinct limit.
    this.posts = new DataLoader((keys) => {
      const byLimit = new Map<number, number[]>();
      for (const key of keys) {
        const [authorId, limit] = key.split(':').map(Number) as [number, number];
        byLimit.set(limit, [...(byLimit.get(limit) ?? []), authorId]);
      }
      const found = new Map<string, Post[]>();
      for (const [limit, authorIds] of byLimit) {
        count(posts.postsByAuthors(authorIds, limit)).forEach((list, i) => found.set(`${authorIds[i]}:${limit}`, list));
      }
      return Promise.resolve(keys.map((key) => found.get(key) ?? []));
    });
    this.comments = new DataLoader((postIds) => Promise.resolve(count(posts.commentsByPosts(postIds))));
  }
}
