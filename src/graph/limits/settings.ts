/**
 * The limits a graph query must pass before it runs (spec §7.3, §8.2–8.3). The spec leaves every number open;
 * these are ours, chosen against the spec's own nested sample:
 *
 * ```graphql
 * { user(id: "1") { name posts(limit: 5) { title comments { body author { name } } author { name } } } }
 * ```
 *
 * which is 5 levels deep, costs 111 (see `maxCost`), uses no alias and is 32 tokens long.
 *
 * `Infinity` switches a `max*` limit off, so that a scenario can show the attack the limit stops.
 */
export interface GraphLimits {
  /**
   * Most fields on one path from the operation down to a leaf: `{ user { name } }` is 2 deep. Fragments
   * count as the fields they contain.
   */
  readonly maxDepth: number;
  /** Highest estimated cost, in the unit of `estimateCost`: an upper bound of the objects the query resolves. */
  readonly maxCost: number;
  /** Most aliased fields in one operation, fragments expanded where they are spread. */
  readonly maxAliases: number;
  /** Most lexical tokens (names, punctuation, values; not comments) in one document, checked while parsing. */
  readonly maxTokens: number;
  /**
   * Cost of one resolution of a field, keyed `Type.field` (for example `"Post.comments"`). A field not listed
   * costs 1 when it returns objects (each is one more object resolved) and 0 when it returns scalars (they come
   * with the object that holds them). A field that returns objects never weighs less than 1, whatever is
   * configured: the cost must stay an upper bound of the objects resolved.
   */
  readonly fieldWeights: Readonly<Record<string, number>>;
  /**
   * Items assumed in a list that has no `limit` argument (`Post.comments`) or whose `limit` is null. The
   * estimate is only an upper bound if the resolver really returns no more than this many.
   */
  readonly defaultListSize: number;
}

export const defaultGraphLimits: GraphLimits = {
  // The sample is 5 deep. 7 leaves two levels for a real view of this schema ("the posts of everyone who
  // commented": user → posts → comments → author → posts → title is 6), and refuses 10-level nesting, which
  // on this schema only exists to make the server chase its own cycles (user → posts → author → posts → …).
  maxDepth: 7,
  // The sample costs 1 user + 5 posts × (1 post + 10 comments × (1 comment + 1 author) + 1 author) = 111.
  // 250 is a little over twice that: the same view at the default limit of 10 posts (221) passes, while 100
  // posts with their comments (1 + 100 × 11 = 1101) or 50 posts with comment authors (1051) do not.
  maxCost: 250,
  // The sample uses none; a page comparing a few users side by side (`a: user(id: 1) b: user(id: 2)`) needs a
  // handful. Batching attacks (one alias per guessed id, or a hundred `addComment`s, each cheap on its own)
  // need hundreds, and a mutation costs only the one object it returns, so the cost limit alone would let
  // them through.
  maxAliases: 10,
  // The sample is 32 tokens and graphql-js's full introspection query under 200. 1000 leaves room for any
  // hand-written query on a schema of four types while bounding the parser's work before validation begins:
  // parsing is the one step that runs on a document nobody has checked yet.
  maxTokens: 1000,
  // Empty: every field takes the documented default (1 for objects, 0 for scalars), which makes the cost
  // read as "objects resolved". A scenario makes a field dearer, e.g. `{ "Post.comments": 3 }`.
  fieldWeights: {},
  // The same as the default `limit` of `User.posts`: a list the client cannot bound is assumed as long as one
  // the client did not bound. `Post.comments` must be served at most this long for the bound to hold.
  defaultListSize: 10,
};

type LimitName = 'maxDepth' | 'maxCost' | 'maxAliases' | 'maxTokens';

/** Throws when a limit is not a count (a non-negative integer) or `Infinity`. */
export function requireLimit(name: string, value: number): number {
  if (!(value === Infinity || (Number.isInteger(value) && value >= 0))) {
    throw new RangeError(`${name} must be a non-negative integer or Infinity (no limit), got ${value}`);
  }
  return value;
}

const weightKey = /^[_A-Za-z][_0-9A-Za-z]*\.[_A-Za-z][_0-9A-Za-z]*$/;

/**
 * The defaults with a scenario's overrides on top, checked, so that a typo fails when the scenario loads and
 * not as a silently wrong verdict later. Weights merge key by key: overriding one field keeps the others.
 */
export function graphLimitsWith(overrides: Partial<GraphLimits> = {}, base: GraphLimits = defaultGraphLimits): GraphLimits {
  const limits: GraphLimits = { ...base, ...overrides, fieldWeights: { ...base.fieldWeights, ...overrides.fieldWeights } };
  checkGraphLimits(limits);
  return limits;
}

/** Throws a RangeError naming the first setting that cannot work. */
export function checkGraphLimits(limits: GraphLimits): void {
  for (const name of ['maxDepth', 'maxAliases', 'maxTokens'] satisfies LimitName[]) requireLimit(name, limits[name]);
  if (!(limits.maxCost >= 0)) throw new RangeError(`maxCost must be non-negative or Infinity (no limit), got ${limits.maxCost}`);
  if (!(Number.isInteger(limits.defaultListSize) && limits.defaultListSize >= 0)) {
    throw new RangeError(`defaultListSize must be a non-negative integer, got ${limits.defaultListSize}`);
  }
  for (const [key, weight] of Object.entries(limits.fieldWeights)) {
    if (!weightKey.test(key)) throw new RangeError(`fieldWeights keys are written "Type.field", got "${key}"`);
    if (!(Number.isFinite(weight) && weight >= 0)) throw new RangeError(`fieldWeights["${key}"] must be a finite non-negative number, got ${weight}`);
  }
}
