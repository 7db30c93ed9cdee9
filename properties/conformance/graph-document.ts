import { Lexer, Source, TokenKind } from 'graphql';
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

/**
 * Below a type, alternating `posts(limit: 1)` and `author` so each level resolves one object: deep, cheap. The
 * last level holds `leaves` fields: the type's own, then `id` and `__typename` in turn, since graphql-js gives
 * up validating several hundred fields of one name side by side ("Validation aborted.": it compares them in
 * pairs, within a budget).
 */
function chainBelow(type: 'User' | 'Post', levels: number, leaves = 1): Selection[] {
  const names = [type === 'User' ? 'name' : 'title', 'id', '__typename'];
  if (levels <= 1) return Array.from({ length: leaves }, (_, i) => ({ field: names[i % names.length]! }));
  return type === 'User' ? [{ field: 'posts', args: 'limit: 1', select: chainBelow('Post', levels - 1, leaves) }] : [{ field: 'author', select: chainBelow('User', levels - 1, leaves) }];
}

/** A query exactly `depth` levels deep (at least 2), costing about one object per level. */
export const deepQuery = (user: UserArgument, depth: number): Selection[] => [{ field: 'user', args: user, select: chainBelow('User', depth - 1) }];

/** `createPost` (apisim's mutation; the spec does not show one) with a selection `depth` levels deep. */
export const deepMutation = (depth: number): Selection[] => [{ field: 'createPost', args: 'title: $title', select: chainBelow('Post', depth - 1) }];

/**
 * One step of the cost ladder: `posts(limit: lists)`, each with `copies` identical `comments { author { … } }`
 * selections, the author's chain going on to the rung's depth and ending in `leaves` fields of three names.
 * Execution merges the copies and the leaves, so the answer resolves what one of each resolves, while a meter
 * that prices the document as written counts every copy: list-aware meters grow with lists and copies,
 * meters that ignore list sizes but weigh fields by depth (GraphQL Armor's) with copies, depth and leaves.
 * Lists stay small so that a cap on `limit` is never the refusal.
 */
const postsWithCommentAuthors = (rung: CostRung): Selection => ({
  field: 'posts', args: `limit: ${rung.lists}`, select: Array.from({ length: rung.copies }, () => ({ field: 'comments', select: [{ field: 'author', select: chainBelow('User', rung.depth - 4, rung.leaves) }] })),
});

/** A rung of the ladder: its list size, its copies, its depth (5 at least) and the fields at its bottom. */
export interface CostRung {
  readonly lists: number;
  readonly copies: number;
  /** Fields on the longest path, the root's included. */
  readonly depth: number;
  readonly leaves: number;
}

/** The lists the spec's schema has, and the size apisim assumes of one with no `limit` (as most servers default). */
const listFields = new Set(['posts', 'comments']);
const defaultListSize = 10;

/** Objects a selection may resolve by apisim's meter: each object field 1 per item, a list times its `limit`, copies counted. */
export function objectEstimate(selections: readonly Selection[]): number {
  return selections.reduce((sum, s) => {
    if (s.select === undefined) return sum;
    const limit = /limit: (\d+)/.exec(s.args ?? '')?.[1];
    const items = listFields.has(s.field) ? (limit === undefined ? defaultListSize : Number(limit)) : 1;
    return sum + items * (1 + objectEstimate(s.select));
  }, 0);
}

/** The rung's query by apisim's meter (the user's argument weighs nothing). */
export const rungEstimate = (rung: CostRung): number => objectEstimate(costlyQuery('id: 1', rung));

/** The rung's query, as deep as the rung says: its cost, never its depth, is what a refusal can be for. */
export const costlyQuery = (user: UserArgument, rung: CostRung): Selection[] => [{ field: 'user', args: user, select: [postsWithCommentAuthors(rung)] }];

/** The same rung below a `createPost`'s author: one level deeper, and dearer by any meter. */
export const costlyMutation = (rung: CostRung): Selection[] => [{ field: 'createPost', args: 'title: $title', select: [{ field: 'author', select: [postsWithCommentAuthors(rung)] }] }];

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

/** Lexical tokens in a document, as graphql-js's `maxTokens` and GraphQL Armor's token limit count them. */
export function tokenCount(document: string): number {
  const lexer = new Lexer(new Source(document));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count++;
  return count;
}

export const queryDocument = (selections: readonly Selection[]): string => selectionText(selections);
export const mutationDocument = (selections: readonly Selection[]): string => `mutation ($title: String!) ${selectionText(selections)}`;
