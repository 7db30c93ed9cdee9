import type { Comment, PostsStore } from './store.js';

export interface CommentPage {
  readonly items: readonly Comment[];
  readonly more: boolean;
}

/**
 * One page of a post's comments, oldest first (the order a conversation is read in), continuing after the
 * comment id the previous page ended with. Keyset rather than offset, like the users' listings: a comment
 * added or removed between pages never causes a skip or a repeat.
 */
export function commentPage(posts: PostsStore, postId: number, request: { readonly limit: number; readonly afterId?: number }): CommentPage {
  const all = posts.commentsByPost(postId);
  const after = request.afterId;
  const rest = after === undefined ? all : all.filter((comment) => comment.id > after);
  return { items: rest.slice(0, request.limit), more: rest.length > request.limit };
}
