import { describe, expect, it } from 'vitest';
import { parseCommentsPath } from './path.js';

describe('parseCommentsPath', () => {
  it('reads the post id of /posts/<id>/comments', () => {
    expect(parseCommentsPath('/posts/8/comments')).toEqual({ postId: 8 });
    expect(parseCommentsPath('/posts/123456789012345/comments')).toEqual({ postId: 123456789012345 });
  });

  it('refuses every other shape, so one list has one URL', () => {
    for (const path of ['/posts', '/posts/', '/posts/8', '/posts/08/comments', '/posts/0/comments', '/posts/+8/comments', '/posts/8/comments/', '/posts/1234567890123456/comments', '/posts/8/Comments']) {
      expect([path, parseCommentsPath(path)]).toEqual([path, undefined]);
    }
  });
});
