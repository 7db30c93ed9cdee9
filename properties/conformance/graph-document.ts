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

/**
 * Every document here takes `user(id:)`'s argument as written, e.g. `id: "1"` or `id: 1`
 * (`graph-user-argument.ts` reads which from the target's schema).
 */
type UserArgument = string;

/** The spec's nested sample (§4 Area C rule 4), for the given user: 5 levels deep. */
export const specSample = (user: UserArgument): Selection[] => [
  {
    field: 'user', args: user, select: [
      { field: 'name' },
      { field: 'posts', args: 'limit: 5', select: [{ field: 'title' }, { field: 'comments', select: [{ field: 'body' }, { field: 'author', select: [{ field: 'name' }] }] }, { field: 'author', select: [{ field: 'name' }] }] },
    ],
  },
];

/** Aliases and `__typename`: keys the client chose, which a field-exact answer must use and nothing more. */
export const aliasedSample = (user: UserArgument): Selection[] => [
  { field: 'user', alias: 'someone', args: user, select: [{ field: '__typename' }, { field: 'name', alias: 'handle' }, { field: 'posts', alias: 'latest', args: 'limit: 2', select: [{ field: 'title', alias: 'heading' }] }] },
];

/** Below a type, alternating `posts(limit: 1)` and `author` so each level resolves one object: deep, cheap. */
function chainBelow(type: 'User' | 'Post', levels: number): Selection[] {
  if (levels <= 1) return [{ field: type === 'User' ? 'name' : 'title' }];
  return type === 'User' ? [{ field: 'posts', args: 'limit: 1', select: chainBelow('Post', levels - 1) }] : [{ field: 'author', select: chainBelow('User', levels - 1) }];
}

/** A query exactly `depth` levels deep (at least 2), costing about one object per level. */
export const deepQuery = (user: UserArgument, depth: number): Selection[] => [{ field: 'user', args: user, select: chainBelow('User', depth - 1) }];

/** `createPost` (apisim's mutation; the spec does not show one) with a selection `depth` levels deep. */
export const deepMutation = (depth: number): Selection[] => [{ field: 'createPost', args: 'title: $title', select: chainBelow('Post', depth - 1) }];

/**
 * One step of the cost ladder: `posts(limit: lists)`, each with `copies` identical `comments { author { name } }`
 * selections, 4 levels below its root. Execution merges the copies, so the answer resolves
 * 1 + lists × 21 objects (10 comments a post, as apisim and most servers default), while a meter that prices
 * the document as written counts every copy: list-aware meters grow with both numbers, meters that ignore
 * list sizes (GraphQL Armor's) with `copies`. Lists stay small so that a cap on `limit` is never the refusal.
 */
const postsWithCommentAuthors = (lists: number, copies: number): Selection => ({
  field: 'posts', args: `limit: ${lists}`, select: Array.from({ length: copies }, () => ({ field: 'comments', select: [{ field: 'author', select: [{ field: 'name' }] }] })),
});

/** A rung of the ladder: its list size, its copies, and its estimate in objects (apisim's weights, copies counted). */
export interface CostRung {
  readonly lists: number;
  readonly copies: number;
}

/** 1 user + lists × (1 post + copies × 10 × (1 comment + 1 author)). */
export const rungEstimate = ({ lists, copies }: CostRung): number => 1 + lists * (1 + copies * 20);

/** Depth 5 like the spec's sample: the rung's cost, never its depth, is what a refusal can be for. */
export const costlyQuery = (user: UserArgument, rung: CostRung): Selection[] => [{ field: 'user', args: user, select: [postsWithCommentAuthors(rung.lists, rung.copies)] }];

/** The same rung below a `createPost`'s author: 6 levels deep. */
export const costlyMutation = (rung: CostRung): Selection[] => [{ field: 'createPost', args: 'title: $title', select: [{ field: 'author', select: [postsWithCommentAuthors(rung.lists, rung.copies)] }] }];

/** The spec's sample cut to 4 levels and one post: what field-exact compares when a limit refuses the sample. */
export const smallSample = (user: UserArgument): Selection[] => [
  { field: 'user', args: user, select: [{ field: 'name' }, { field: 'posts', args: 'limit: 1', select: [{ field: 'title' }, { field: 'author', select: [{ field: 'name' }] }] }] },
];

/**
 * Creates a post and reads back its author's 10 newest posts in the same answer: the control for side
 * effects. 10, not more: a cap on `limit` (20, say) must not turn the control into "not checked".
 */
export const controlMutation = (): Selection[] => [
  { field: 'createPost', args: 'title: $title', select: [{ field: 'title' }, { field: 'author', select: [{ field: 'posts', args: 'limit: 10', select: [{ field: 'title' }] }] }] },
];

export const queryDocument = (selections: readonly Selection[]): string => selectionText(selections);
export const mutationDocument = (selections: readonly Selection[]): string => `mutation ($title: String!) ${selectionText(selections)}`;
