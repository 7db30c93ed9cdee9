import type { RunResult } from '../../sim/scenario/run.js';

/**
 * The spec's nested sample (§4 Area C) asked over REST: a user, their latest posts, each post's comments,
 * every author's name. The same user and the same limits as the graph query: 3 posts, and 10 comments a post
 * (the graph's default for `comments`).
 */
export const restSample = { userId: 1, postsLimit: 3, commentsLimit: 10 } as const;

interface Identified {
  readonly id: number;
}
interface Authored extends Identified {
  readonly authorId: number;
}
interface Page<T> {
  readonly items: readonly T[];
}

/** The bodies the client has so far, by the path it asked. */
export type RestAnswers = ReadonlyMap<string, unknown>;

export const userPath = (id: number): string => `/users/${id}`;
export const postsPath = `/users/${restSample.userId}/posts?limit=${restSample.postsLimit}`;
export const commentsPath = (postId: number): string => `/posts/${postId}/comments?limit=${restSample.commentsLimit}`;

/** A page the client asked for earlier; our own routes wrote it, so its shape is known. */
function pageAt(answers: RestAnswers, path: string): Page<Authored> {
  if (!answers.has(path)) throw new Error(`the REST client needs ${path} before it can go on`);
  return answers.get(path) as Page<Authored>;
}

const postsOf = (answers: RestAnswers) => pageAt(answers, postsPath).items;

/**
 * What the client asks, in waves: each wave needs the answers of the waves before it, and nothing inside a
 * wave depends on another request of the same wave. The user and the list of posts are independent; the
 * comments need the post ids; the authors need the posts and the comments. Authors already fetched (the user
 * of the first wave) are not asked again, as any client that keeps what it has would do.
 */
export const restWaves: readonly ((answers: RestAnswers) => readonly string[])[] = [
  () => [userPath(restSample.userId), postsPath],
  (answers) => postsOf(answers).map((post) => commentsPath(post.id)),
  (answers) => {
    const posts = postsOf(answers);
    const comments = posts.flatMap((post) => pageAt(answers, commentsPath(post.id)).items);
    const known = new Set<number>([restSample.userId]);
    const authors: number[] = [];
    for (const { authorId } of [...posts, ...comments]) {
      if (known.has(authorId)) continue;
      known.add(authorId);
      authors.push(authorId);
    }
    return authors.map(userPath);
  },
];

/** Every 200 body of a run by its path; anything else stops the plan, since the next wave would be built on it. */
export function answersOf(run: RunResult): RestAnswers {
  const answers = new Map<string, unknown>();
  for (const exchange of run.exchanges) {
    const { response, request } = exchange;
    if (response?.status !== 200 || response.body === undefined) {
      throw new Error(`REST plan: ${request.method} ${request.path} answered ${response?.status ?? 'nothing'}, not 200`);
    }
    answers.set(request.path, JSON.parse(response.body) as unknown);
  }
  return answers;
}
