import type { Comment } from '../../posts/store.js';
import type { EventHub } from './event-hub.js';

/** What `addComment` publishes: the comment as stored, before any subscriber's selection is applied. */
export interface CommentAdded {
  readonly kind: 'commentAdded';
  readonly comment: Comment;
}

/** Every event the graph publishes; the root value of a push's execution. */
export type GraphEvent = CommentAdded;

export type GraphEvents = EventHub<GraphEvent>;

/** One topic per post: a subscriber hears only the post it named, and a publish costs its own subscribers only. */
export function commentAddedTopic(postId: number): string {
  return `commentAdded:${postId}`;
}
