import { utf8Bytes } from '../http/message.js';
import { CreatorQuota, type Quota, type QuotaCheck } from '../storage/creator-quota.js';
import { type Counter, memoryTables, type Tables } from '../storage/tables.js';

export interface Post {
  readonly id: number;
  readonly authorId: number;
  readonly title: string;
}

export interface Comment {
  readonly id: number;
  readonly postId: number;
  readonly authorId: number;
  readonly body: string;
}

/** Newest first; `more` says whether older posts remain after this page. */
export interface PostPage {
  readonly items: readonly Post[];
  readonly more: boolean;
}

export interface PostPageRequest {
  readonly limit: number;
  /** Continue with posts older than this id (the last post of the previous page). */
  readonly beforeId?: number;
}

/**
 * What one author may keep in posts (titles are at most 200 characters) and in comments (bodies at most
 * 1,000): under 2.3 MiB of text per author at both bounds, so the demo's four accounts cannot fill a heap.
 */
export const defaultPostsQuota: Quota = { count: 1_000, bytes: 256 * 1024 };
export const defaultCommentsQuota: Quota = { count: 5_000, bytes: 2 * 1024 * 1024 };

export interface PostsQuotas {
  readonly posts: Quota;
  readonly comments: Quota;
}

/**
 * Posts and the comments on them, with the lookups the graph needs in batch form, since a DataLoader
 * collects the keys of one tick and asks once. Ids are handed out in order and never reused, so a higher id
 * is a newer post: there is no clock in here to order by.
 *
 * The store keeps its own references whole (a comment's post exists); that an author exists is for the
 * caller to check against the users, and `removeAuthor` is how a user's deletion reaches in here.
 */
export class PostsStore {
  readonly #posts: Map<number, Post>;
  readonly #comments: Map<number, Comment>;
  /** Post ids per author and comment ids per post, ascending, so the newest are at the end: derived, not kept. */
  readonly #postIdsByAuthor = new Map<number, number[]>();
  readonly #commentIdsByPost = new Map<number, number[]>();
  readonly #nextPostId: Counter;
  readonly #nextCommentId: Counter;
  /** Told the ids of the posts each `removeAuthor` removed, in order of subscription. */
  readonly #removalListeners = new Set<(postIds: readonly number[]) => void>();
  /** Derived from the records: what each author's posts and comments take. */
  readonly #postUsage: CreatorQuota;
  readonly #commentUsage: CreatorQuota;

  constructor(tables: Tables = memoryTables(), quotas: PostsQuotas = { posts: defaultPostsQuota, comments: defaultCommentsQuota }) {
    this.#posts = tables.map('posts');
    this.#comments = tables.map('comments');
    this.#nextPostId = tables.counter('posts.next-id', 1);
    this.#nextCommentId = tables.counter('comments.next-id', 1);
    this.#postUsage = new CreatorQuota('posts', quotas.posts);
    this.#commentUsage = new CreatorQuota('comments', quotas.comments);
    this.#index();
    tables.onUndone?.(() => this.#index());
  }

  /** The indexes and usages from the records, ascending as adding one by one builds them: at start, and after an undo. */
  #index(): void {
    this.#postIdsByAuthor.clear();
    this.#commentIdsByPost.clear();
    this.#postUsage.clear();
    this.#commentUsage.clear();
    // Tables hold their records in id order, so each index is built ascending, as adding one by one builds it.
    for (const post of this.#posts.values()) {
      append(this.#postIdsByAuthor, Object.freeze(post).authorId, post.id);
      this.#postUsage.count(post.authorId, 1, utf8Bytes(post.title));
    }
    for (const comment of this.#comments.values()) {
      append(this.#commentIdsByPost, Object.freeze(comment).postId, comment.id);
      this.#commentUsage.count(comment.authorId, 1, utf8Bytes(comment.body));
    }
  }

  /**
   * Whether `authorId` may add a post titled `title`, or a comment of `body`, within its quota. The store
   * adds whatever it is given (the demo data, a test's dense store); the entry points ask first.
   */
  roomForPost(authorId: number, title: string): QuotaCheck {
    return this.#postUsage.room(authorId, 1, utf8Bytes(title));
  }

  roomForComment(authorId: number, body: string): QuotaCheck {
    return this.#commentUsage.room(authorId, 1, utf8Bytes(body));
  }

  addPost(authorId: number, title: string): Post {
    const post: Post = Object.freeze({ id: this.#nextPostId.value++, authorId, title });
    this.#posts.set(post.id, post);
    append(this.#postIdsByAuthor, authorId, post.id);
    this.#postUsage.count(authorId, 1, utf8Bytes(title));
    return post;
  }

  /** Undefined when the post does not exist: a comment never points at nothing. */
  addComment(postId: number, authorId: number, body: string): Comment | undefined {
    if (!this.#posts.has(postId)) return undefined;
    const comment: Comment = Object.freeze({ id: this.#nextCommentId.value++, postId, authorId, body });
    this.#comments.set(comment.id, comment);
    append(this.#commentIdsByPost, postId, comment.id);
    this.#commentUsage.count(authorId, 1, utf8Bytes(body));
    return comment;
  }

  post(id: number): Post | undefined {
    return this.#posts.get(id);
  }

  comment(id: number): Comment | undefined {
    return this.#comments.get(id);
  }

  /** One answer per id, in the same order, undefined where there is no such post. */
  postsByIds(ids: readonly number[]): (Post | undefined)[] {
    return ids.map((id) => this.#posts.get(id));
  }

  /** A user's posts, newest first, one page at a time. */
  postsByAuthor(authorId: number, request: PostPageRequest): PostPage {
    checkLimit(request.limit);
    const ids = this.#postIdsByAuthor.get(authorId) ?? [];
    const end = request.beforeId === undefined ? ids.length : firstAtLeast(ids, request.beforeId);
    const start = Math.max(0, end - request.limit);
    return { items: this.#postsAt(ids.slice(start, end).reverse()), more: start > 0 };
  }

  /** The batch form of `posts(limit)`: each author's newest `limit` posts, one list per id in the same order. */
  postsByAuthors(authorIds: readonly number[], limit: number): Post[][] {
    checkLimit(limit);
    return authorIds.map((authorId) => {
      const ids = this.#postIdsByAuthor.get(authorId) ?? [];
      return this.#postsAt(ids.slice(Math.max(0, ids.length - limit)).reverse());
    });
  }

  /** A post's comments oldest first, the order a conversation is read in. */
  commentsByPost(postId: number): Comment[] {
    return (this.#commentIdsByPost.get(postId) ?? []).map((id) => this.#comments.get(id)!);
  }

  /** The batch form of `comments`: one list per post id, in the same order. */
  commentsByPosts(postIds: readonly number[]): Comment[][] {
    return postIds.map((postId) => this.commentsByPost(postId));
  }

  /**
   * What deleting a user means here: their posts go with every comment on them, and so do their comments on
   * other posts, so no author anywhere points at a user who is gone. One synchronous step, so a reader never
   * sees half of it.
   */
  removeAuthor(authorId: number): { readonly posts: number; readonly comments: number } {
    const postIds = this.#postIdsByAuthor.get(authorId) ?? [];
    let comments = 0;
    for (const postId of postIds) {
      for (const commentId of this.#commentIdsByPost.get(postId) ?? []) comments += Number(this.#removeComment(commentId));
      this.#commentIdsByPost.delete(postId);
      this.#postUsage.count(authorId, -1, -utf8Bytes(this.#posts.get(postId)!.title));
      this.#posts.delete(postId);
    }
    this.#postIdsByAuthor.delete(authorId);
    for (const comment of [...this.#comments.values()]) {
      if (comment.authorId !== authorId) continue;
      this.#removeComment(comment.id);
      const siblings = this.#commentIdsByPost.get(comment.postId)!;
      siblings.splice(siblings.indexOf(comment.id), 1);
      comments++;
    }
    // Told once the store is whole again, so a listener that reads it sees the posts gone.
    if (postIds.length > 0) for (const listener of [...this.#removalListeners]) listener(postIds);
    return { posts: postIds.length, comments };
  }

  /** Deletes a comment and gives its author's quota back; the indexes are the caller's to mend. */
  #removeComment(id: number): boolean {
    const comment = this.#comments.get(id);
    if (comment === undefined) return false;
    this.#commentUsage.count(comment.authorId, -1, -utf8Bytes(comment.body));
    return this.#comments.delete(id);
  }

  /**
   * Hears the ids of every post `removeAuthor` removes from now on (the graph ends the subscriptions on
   * them). The returned function stops it: a crashed process stops listening to the storage it shared.
   */
  onPostsRemoved(listener: (postIds: readonly number[]) => void): () => void {
    const own = (postIds: readonly number[]): void => listener(postIds);
    this.#removalListeners.add(own);
    return () => this.#removalListeners.delete(own);
  }

  get postCount(): number {
    return this.#posts.size;
  }

  get commentCount(): number {
    return this.#comments.size;
  }

  /** Everything in id order (maps keep insertion order, and ids are inserted ascending). */
  snapshot(): { readonly posts: Post[]; readonly comments: Comment[] } {
    return { posts: [...this.#posts.values()], comments: [...this.#comments.values()] };
  }

  #postsAt(ids: readonly number[]): Post[] {
    return ids.map((id) => this.#posts.get(id)!);
  }
}

function append(index: Map<number, number[]>, key: number, id: number): void {
  const ids = index.get(key);
  if (ids === undefined) index.set(key, [id]);
  else ids.push(id);
}

/** Binary search in an ascending list: the index of the first id >= `id`, or the length. */
function firstAtLeast(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A limit is the caller's promise (the routes and the graph check what clients send), so breaking it throws. */
function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number >= 0, not ${limit}`);
}
