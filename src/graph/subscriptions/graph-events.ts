import type { Comment } from '../../posts/store.js';
import type { EventHub } from './event-hub.js';

/** What `addComment` publishes: the comment as stored, before any subscriber's selection is applied. */
export interface CommentAdded {
  readonly kind: 'commentAdded';
  readonly comment: Comment;
}

/**
 * The post is gone (its author was deleted, `PostsStore.removeAuthor`): published on the post's topic so
 * that every `commentAdded` stream on it ends, since no comment can be added to it again.
 */
export interface PostDeleted {
  readonly kind: 'postDeleted';
  readonly postId: number;
}

/** Every event the graph publishes; a `commentAdded` is the root value of a push's execution. */
export type GraphEvent = CommentAdded | PostDeleted;

export type GraphEvents = EventHub<GraphEvent>;

/** One topic per post: a subscriber hears only the post it named, and a publish costs its own subscribers only. */
export function commentAddedTopic(postId: number): string {
  return `commentAdded:${postId}`;
}

/** The event after which a post's comment stream has nothing more to say. */
export function endsCommentStream(event: GraphEvent): boolean {
  return event.kind === 'postDeleted';
}

/** Tells every subscriber of the removed posts that their stream has ended. */
export function publishPostsDeleted(events: GraphEvents, postIds: readonly number[]): void {
  for (const postId of postIds) events.publish(commentAddedTopic(postId), { kind: 'postDeleted', postId });
}
