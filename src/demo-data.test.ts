import { describe, expect, it } from 'vitest';
import { UsersStore } from './users/store.js';
import { seedDemoData } from './demo-data.js';
import { PostsStore } from './posts/store.js';

function seed() {
  const users = new UsersStore();
  const posts = new PostsStore();
  const data = seedDemoData(users, posts);
  return { users, posts, data };
}

describe('seedDemoData', () => {
  it('creates Alice, Bob and Carol as users 1, 2 and 3 with example.com addresses', () => {
    const { users } = seed();
    expect(users.snapshot().map(({ id, name, email }) => ({ id, name, email }))).toEqual([
      { id: 1, name: 'Alice', email: 'alice@example.com' },
      { id: 2, name: 'Bob', email: 'bob@example.com' },
      { id: 3, name: 'Carol', email: 'carol@example.com' },
    ]);
  });

  it('is deterministic: two runs build equal stores and return what they hold', () => {
    const a = seed();
    const b = seed();
    expect([b.users.snapshot(), b.posts.snapshot()]).toEqual([a.users.snapshot(), a.posts.snapshot()]);
    expect(a.data).toEqual({ users: a.users.snapshot(), ...a.posts.snapshot() });
    expect(JSON.stringify(a.posts.snapshot())).toBe(JSON.stringify(b.posts.snapshot()));
  });

  it('makes the nested query interesting: latest posts interleave, comments come from every user', () => {
    const { posts, users } = seed();
    const [latest] = posts.postsByAuthors([1], 2);
    expect(latest!.map((p) => p.title)).toEqual(['Owner checks on every read', 'What a shared cache may store']);
    const commenters = posts.commentsByPosts(latest!.map((p) => p.id)).flat().map((c) => c.authorId);
    expect(new Set(commenters)).toEqual(new Set([1, 2, 3]));
    // Every author the query reaches resolves to a user.
    const { posts: all, comments } = posts.snapshot();
    expect(users.usersByIds([...all, ...comments].map((x) => x.authorId)).every((u) => u !== undefined)).toBe(true);
    expect(posts.postsByAuthors([1, 2, 3], 100).map((list) => list.length)).toEqual([4, 3, 2]);
    expect(posts.commentsByPost(9)).toEqual([]);
  });

  it('refuses stores that already hold something, since the demonstration names users by id', () => {
    const users = new UsersStore();
    users.add({ name: 'Zed', email: 'zed@example.com' });
    expect(() => seedDemoData(users, new PostsStore())).toThrow(/empty stores/);
    const { users: seededUsers, posts } = seed();
    expect(() => seedDemoData(new UsersStore(), posts)).toThrow(/empty stores/);
    expect(seededUsers.size).toBe(3);
  });
});
