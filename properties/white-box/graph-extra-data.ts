import { fc } from '@fast-check/vitest';
import type { Caller } from './graph-callers.js';
import type { GraphService } from './graph-service.js';

/**
 * Posts and comments added to the seed before a query, through the endpoint's own mutations. The seed alone
 * has at most 4 posts per author and 3 comments per post, so no `limit` above 4 and no default of 10 would
 * ever be tested: a store that ignored a limit of 12 would pass. Up to 16 more on one author and one post
 * makes lists longer than any default.
 */
export interface ExtraData {
  readonly author: 'alice' | 'bob' | 'carol';
  readonly posts: number;
  /** A seeded post (1–9); the comments are the author's. */
  readonly commentedPost: number;
  readonly comments: number;
}

export const extraData: fc.Arbitrary<ExtraData> = fc.record({
  author: fc.constantFrom('alice' as const, 'bob' as const, 'carol' as const),
  posts: fc.nat({ max: 16 }),
  commentedPost: fc.integer({ min: 1, max: 9 }),
  comments: fc.nat({ max: 16 }),
});

/** Mutations per request stay within the alias limit (10), as a client's would. */
const perRequest = 10;

export async function addExtraData(service: GraphService, extra: ExtraData): Promise<void> {
  const author: Caller = { username: extra.author, tokenScopes: undefined };
  const fields = [
    ...Array.from({ length: extra.posts }, (_, i) => `createPost(title: "extra post ${i}") { id }`),
    ...Array.from({ length: extra.comments }, (_, i) => `addComment(postId: ${extra.commentedPost}, body: "extra comment ${i}") { id }`),
  ];
  for (let at = 0; at < fields.length; at += perRequest) {
    const query = `mutation { ${fields.slice(at, at + perRequest).map((field, i) => `m${i}: ${field}`).join(' ')} }`;
    const res = await service.send(author, 'POST', '/graphql', { query });
    if (res.status !== 200 || res.body?.includes('"errors"') !== false) throw new Error(`the extra data could not be added: ${res.status} ${res.body ?? ''}`);
  }
}
