import type { User, UsersStore } from './users/store.js';
import type { Comment, Post, PostsStore } from './posts/store.js';

export interface DemoData {
  readonly users: readonly User[];
  readonly posts: readonly Post[];
  readonly comments: readonly Comment[];
}

/**
 * Who writes what, in the order it happens. The authors take turns, so a user's latest posts are not
 * simply the last rows, and every post but one draws comments from several people, so "a user with their
 * latest posts, each post's comments and every author's name" touches all three users. The post without
 * comments is there so an empty list shows up too.
 */
const people = [
  { name: 'Alice', email: 'alice@example.com', bio: 'Writes about HTTP semantics.' },
  { name: 'Bob', email: 'bob@example.com' },
  { name: 'Carol', email: 'carol@example.com', bio: 'Graph queries, mostly.' },
] as const;

/** [author id, title, [commenter id, comment]...] — ids are those the fresh stores hand out, starting at 1. */
const writing: readonly (readonly [number, string, readonly (readonly [number, string])[]])[] = [
  [1, 'Why GET must be safe', [[3, 'HEAD too, then.'], [2, 'And OPTIONS.']]],
  [2, 'The POST that ran twice', [[1, 'That is what Idempotency-Key is for.']]],
  [1, 'Idempotency keys in practice', [[2, 'How long do you keep them?'], [1, 'A day, for now.'], [3, 'Long enough for the slowest client.']]],
  [3, 'One endpoint, many shapes', [[2, 'The response mirrors the query.']]],
  [1, 'What a shared cache may store', [[3, 'Not responses to requests with credentials.'], [2, 'Unless told so.']]],
  [2, 'PUT replaces, PATCH merges', [[1, 'And null removes a field.'], [3, 'Which is why name cannot be null.']]],
  [3, 'Counting the cost of a query', [[1, 'Depth alone is not enough.']]],
  [1, 'Owner checks on every read', [[2, 'Even on the list endpoint?'], [3, 'And on every resolver.'], [1, 'Every entry point, yes.']]],
  [2, 'Deny by default', []],
];

/**
 * Fills two empty stores with the demonstration data: users 1, 2 and 3 (Alice, Bob, Carol), nine posts and
 * their comments. No randomness and no clock, so every run starts from the same state. Scenarios and
 * documentation name these users by id, so seeding stores that already hold something is refused.
 */
export function seedDemoData(users: UsersStore, posts: PostsStore): DemoData {
  if (users.size > 0 || posts.postCount > 0 || posts.commentCount > 0) {
    throw new Error('seedDemoData needs empty stores: the demonstration relies on users 1, 2 and 3.');
  }
  const seededUsers = people.map((person) => users.add(person));
  const seededPosts: Post[] = [];
  const seededComments: Comment[] = [];
  for (const [authorId, title, replies] of writing) {
    const post = posts.addPost(authorId, title);
    seededPosts.push(post);
    for (const [commenterId, body] of replies) seededComments.push(posts.addComment(post.id, commenterId, body)!);
  }
  return { users: seededUsers, posts: seededPosts, comments: seededComments };
}
