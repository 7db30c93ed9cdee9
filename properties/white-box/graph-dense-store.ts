import { fc } from '@fast-check/vitest';
import type { GraphSettings } from '../../src/graph/endpoint.js';
import { PostsStore } from '../../src/posts/store.js';
import { EndpointGraph } from './graph-service.js';

/**
 * The endpoint over a store where every author has many posts and every post many comments, so that lists
 * fill up to their limits and the cost estimate has little slack: where it is too low, it shows. Filled
 * through the store, not through mutations, because a few thousand comments per run would be too slow
 * through the endpoint.
 */
export interface Density {
  readonly postsPerAuthor: number;
  readonly commentsPerPost: number;
}

export const densities: fc.Arbitrary<Density> = fc.record({ postsPerAuthor: fc.nat({ max: 20 }), commentsPerPost: fc.nat({ max: 20 }) });

/** `posts` is the store to fill: the real one, or a variant a property must catch. */
export function denseEndpoint(density: Density, posts: PostsStore = new PostsStore(), settings?: GraphSettings): EndpointGraph {
  const service = new EndpointGraph(posts, settings);
  for (const author of [1, 2, 3]) {
    for (let i = 0; i < density.postsPerAuthor; i++) posts.addPost(author, `dense post ${i}`);
  }
  for (const post of posts.snapshot().posts) {
    // Commenters take turns, so every comment author is a different lookup for the loaders.
    for (let i = 0; i < density.commentsPerPost; i++) posts.addComment(post.id, 1 + (i % 3), `dense comment ${i}`);
  }
  return service;
}
