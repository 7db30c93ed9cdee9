import { describe, expect, it } from 'vitest';
import { PostsStore } from './store.js';

/** Authors 1 and 2 take turns: posts 1, 3, 5 are author 1's, 2 and 4 author 2's. */
function twoAuthors(): PostsStore {
  const posts = new PostsStore();
  for (let i = 1; i <= 5; i++) posts.addPost(i % 2 === 1 ? 1 : 2, `post ${i}`);
  return posts;
}

const ids = (items: readonly { readonly id: number }[]) => items.map((item) => item.id);

describe('PostsStore', () => {
  it('lists an author\'s posts newest first, a page at a time, continuing before the last id', () => {
    const posts = twoAuthors();
    expect(posts.postsByAuthor(1, { limit: 2 })).toEqual({ items: [posts.post(5), posts.post(3)], more: true });
    expect(posts.postsByAuthor(1, { limit: 2, beforeId: 3 })).toEqual({ items: [posts.post(1)], more: false });
    expect(ids(posts.postsByAuthor(1, { limit: 2, beforeId: 4 }).items)).toEqual([3, 1]);
    expect(posts.postsByAuthor(1, { limit: 3 }).more).toBe(false);
    expect(posts.postsByAuthor(1, { limit: 0 })).toEqual({ items: [], more: true });
    expect(posts.postsByAuthor(9, { limit: 5 })).toEqual({ items: [], more: false });
  });

  it('answers batches with one list per key, in the order asked, empty for unknown keys', () => {
    const posts = twoAuthors();
    posts.addComment(3, 2, 'first');
    posts.addComment(1, 1, 'second');
    posts.addComment(3, 1, 'third');
    expect(posts.postsByAuthors([2, 9, 1], 2).map(ids)).toEqual([[4, 2], [], [5, 3]]);
    expect(posts.postsByIds([4, 99, 1]).map((p) => p?.title)).toEqual(['post 4', undefined, 'post 1']);
    expect(posts.commentsByPosts([3, 2, 1]).map((list) => list.map((c) => c.body))).toEqual([['first', 'third'], [], ['second']]);
    expect(posts.postsByAuthors([], 5)).toEqual([]);
  });

  it('refuses a comment on a post that does not exist, and a limit that is not a whole number >= 0', () => {
    const posts = twoAuthors();
    expect(posts.addComment(99, 1, 'into the void')).toBeUndefined();
    expect(posts.commentCount).toBe(0);
    expect(() => posts.postsByAuthor(1, { limit: -1 })).toThrow(RangeError);
    expect(() => posts.postsByAuthors([1], 1.5)).toThrow(RangeError);
  });

  it('removes an author\'s posts, every comment on them and the author\'s comments elsewhere, in one step', () => {
    const posts = twoAuthors();
    posts.addComment(1, 2, 'by 2 on a post by 1');
    posts.addComment(2, 1, 'by 1 on a post by 2');
    posts.addComment(2, 2, 'by 2 on a post by 2');
    posts.addComment(4, 1, 'by 1 on another post by 2');
    expect(posts.removeAuthor(1)).toEqual({ posts: 3, comments: 3 });
    expect(posts.snapshot()).toEqual({
      posts: [{ id: 2, authorId: 2, title: 'post 2' }, { id: 4, authorId: 2, title: 'post 4' }],
      comments: [{ id: 3, postId: 2, authorId: 2, body: 'by 2 on a post by 2' }],
    });
    // The indexes agree with the records: nothing removed comes back through a lookup.
    expect(posts.commentsByPosts([1, 2, 4]).map((list) => ids(list))).toEqual([[], [3], []]);
    expect(posts.postsByAuthors([1, 2], 10).map(ids)).toEqual([[], [4, 2]]);
    expect(posts.removeAuthor(1)).toEqual({ posts: 0, comments: 0 });
  });

  it('never reuses ids, also after a removal', () => {
    const posts = twoAuthors();
    posts.addComment(5, 1, 'c');
    posts.removeAuthor(1);
    expect(posts.addPost(1, 'again').id).toBe(6);
    expect(posts.addComment(2, 1, 'again')!.id).toBe(2);
  });

  it('hands out frozen records', () => {
    const posts = twoAuthors();
    const post = posts.post(1)!;
    expect(() => { (post as { title: string }).title = 'changed'; }).toThrow(TypeError);
    expect(Object.isFrozen(posts.addComment(1, 1, 'c'))).toBe(true);
  });
});

describe('what one author may keep in posts and comments', () => {
  const quotas = { posts: { count: 2, bytes: 100 }, comments: { count: 10, bytes: 6 } };

  it('refuses a post past the count and a comment past the bytes, per author', () => {
    const posts = new PostsStore(undefined, quotas);
    posts.addPost(1, 'a');
    expect(posts.roomForPost(1, 'b')).toEqual({ ok: true });
    posts.addPost(1, 'b');
    expect(posts.roomForPost(1, 'c')).toMatchObject({ ok: false, limit: 'posts', max: 2, used: 2, wanted: 3 });
    expect(posts.roomForPost(2, 'c')).toEqual({ ok: true });
    posts.addComment(1, 2, 'abcd');
    expect(posts.roomForComment(2, 'ééé')).toMatchObject({ ok: false, limit: 'bytes', max: 6, used: 4, wanted: 10 });
    expect(posts.roomForComment(2, 'ab')).toEqual({ ok: true });
  });

  it('gives room back when an author is removed, to the author and to those who commented on their posts', () => {
    const posts = new PostsStore(undefined, quotas);
    posts.addPost(1, 'a');
    posts.addPost(1, 'b');
    posts.addComment(1, 2, 'abcdef');
    posts.removeAuthor(1);
    expect([posts.roomForPost(1, 'c'), posts.roomForComment(2, 'abcdef')]).toEqual([{ ok: true }, { ok: true }]);
  });

  it('tallies the usage again from the tables it is given', () => {
    const maps = new Map<string, Map<number, unknown>>();
    const tables = { fresh: false, map: <K, V>(name: string) => (maps.get(name) ?? maps.set(name, new Map()).get(name)!) as unknown as Map<K, V>, counter: (_n: string, start: number) => ({ value: start }) };
    const first = new PostsStore(tables, quotas);
    first.addPost(1, 'a');
    first.addPost(1, 'b');
    expect(new PostsStore(tables, quotas).roomForPost(1, 'c')).toMatchObject({ ok: false, used: 2 });
  });
});
