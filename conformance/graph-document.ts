import type { ObjectShape } from './graph-shape.js';

/**
 * A GraphQL selection written as data, so that one value gives both the document the suite sends and the
 * shape `data` must have (every response key, in order, and nothing else). Queries use only the spec's own
 * fields (§2: `user(id)`, `name`, `posts(limit)`, `title`, `comments`, `body`, `author`) and GraphQL's
 * `__typename`; the mutations use apisim's `createPost(title)`, since the spec shows none.
 */
export interface Selection {
  readonly field: string;
  readonly alias?: string;
  /** Written as in the document, e.g. `limit: 5`. */
  readonly args?: string;
  readonly select?: readonly Selection[];
}

function selectionText(selections: readonly Selection[]): string {
  const one = (s: Selection): string => `${s.alias === undefined ? '' : `${s.alias}: `}${s.field}${s.args === undefined ? '' : `(${s.args})`}${s.select === undefined ? '' : ` ${selectionText(s.select)}`}`;
  return `{ ${selections.map(one).join(' ')} }`;
}

/** The response shape: one key per selection (its alias, else its name). */
export function shapeOf(selections: readonly Selection[]): ObjectShape {
  return { fields: new Map(selections.map((s) => [s.alias ?? s.field, { shape: s.select === undefined ? undefined : shapeOf(s.select) }])) };
}

const userArg = (id: string) => `id: ${JSON.stringify(id)}`;

/** The spec's nested sample (§4 Area C rule 4), for the given user: 5 levels deep. */
export const specSample = (userId: string): Selection[] => [
  {
    field: 'user', args: userArg(userId), select: [
      { field: 'name' },
      { field: 'posts', args: 'limit: 5', select: [{ field: 'title' }, { field: 'comments', select: [{ field: 'body' }, { field: 'author', select: [{ field: 'name' }] }] }, { field: 'author', select: [{ field: 'name' }] }] },
    ],
  },
];

/** Aliases and `__typename`: keys the client chose, which a field-exact answer must use and nothing more. */
export const aliasedSample = (userId: string): Selection[] => [
  { field: 'user', alias: 'someone', args: userArg(userId), select: [{ field: '__typename' }, { field: 'name', alias: 'handle' }, { field: 'posts', alias: 'latest', args: 'limit: 2', select: [{ field: 'title', alias: 'heading' }] }] },
];

/** Below a type, alternating `posts(limit: 1)` and `author` so each level resolves one object: deep, cheap. */
function chainBelow(type: 'User' | 'Post', levels: number): Selection[] {
  if (levels <= 1) return [{ field: type === 'User' ? 'name' : 'title' }];
  return type === 'User' ? [{ field: 'posts', args: 'limit: 1', select: chainBelow('Post', levels - 1) }] : [{ field: 'author', select: chainBelow('User', levels - 1) }];
}

/** A query exactly `depth` levels deep (at least 2), costing about one object per level. */
export const deepQuery = (userId: string, depth: number): Selection[] => [{ field: 'user', args: userArg(userId), select: chainBelow('User', depth - 1) }];

/** `createPost` (apisim's mutation; the spec does not show one) with a selection `depth` levels deep. */
export const deepMutation = (depth: number): Selection[] => [{ field: 'createPost', args: 'title: $title', select: chainBelow('Post', depth - 1) }];

/** 50 posts, each with its comments' authors: 1 + 50 × (1 + 10 × 2) = 1050 objects by apisim's weights, 4 levels. */
const postsWithCommentAuthors: Selection = { field: 'posts', args: 'limit: 50', select: [{ field: 'comments', select: [{ field: 'author', select: [{ field: 'name' }] }] }] };

/** Depth 5 like the spec's sample, but about ten times its cost (1051 by apisim's weights, whose limit is 250). */
export const costlyQuery = (userId: string): Selection[] => [{ field: 'user', args: userArg(userId), select: [postsWithCommentAuthors] }];

/** The same cost below a `createPost`, 6 levels deep: within apisim's depth limit of 7. */
export const costlyMutation = (): Selection[] => [{ field: 'createPost', args: 'title: $title', select: [{ field: 'author', select: [postsWithCommentAuthors] }] }];

/** Creates a post and reads back its author's newest posts in the same answer: the control for side effects. */
export const controlMutation = (): Selection[] => [
  { field: 'createPost', args: 'title: $title', select: [{ field: 'title' }, { field: 'author', select: [{ field: 'posts', args: 'limit: 50', select: [{ field: 'title' }] }] }] },
];

export const queryDocument = (selections: readonly Selection[]): string => selectionText(selections);
export const mutationDocument = (selections: readonly Selection[]): string => `mutation ($title: String!) ${selectionText(selections)}`;
