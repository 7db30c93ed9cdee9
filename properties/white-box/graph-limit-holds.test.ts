import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { defaultGraphLimits } from '../../src/graph/limits/settings.js';
import { type Post, PostsStore } from '../../src/posts/store.js';
import { type Caller, callers } from './graph-callers.js';
import { addExtraData, type ExtraData, extraData } from './graph-extra-data.js';
import { withinLimits } from './graph-query-limits.js';
import { type ObjectShape, printQuery } from './graph-query-print.js';
import { type QueryTree, queryTrees, fieldCount } from './graph-query-tree.js';
import { densities, type Density, denseEndpoint } from './graph-dense-store.js';
import { type GraphService, judgedQuery, OriginGraph } from './graph-service.js';
import { replayable } from './replay.js';

/**
 * A list never holds more than its limit (spec §8.4), a white-box check: it knows which fields of apisim's
 * schema take a `limit`, generates queries from that schema, and fills a dense store so that lists can
 * outgrow any default; a target description names no such fields. For random queries with limits 0 to 50
 * (written, from variables, or the default of 10 when unset), every `posts` and `comments` list in the
 * response, under whatever alias, has at most the limit its field was given. Through the origin on the seed
 * and up to 16 more posts on one author and comments on one post; and on the endpoint over a dense store (up
 * to 20 more posts per author, 20 more comments per post), so that lists can be longer than any default.
 *
 * The variant that must fail is a store that takes an author's newest posts with `ids.slice(-limit)`, the
 * classic slip: `slice(-0)` is `slice(0)`, so `limit: 0` returns every post.
 */

const limits = defaultGraphLimits;
// Anywhere in 0–50, and often small, below what the data holds, where a limit has something to cut.
const limit = fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 4 }));
const queries = queryTrees({ depth: limits.maxDepth, limit, objectWeight: 3 }).filter((tree) => withinLimits(printQuery(tree), limits));

/** Every list longer than the limit its field was given, wherever it is in `data`. */
function overLimit(value: unknown, shape: ObjectShape, path: string): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => overLimit(item, shape, `${path}[${i}]`));
  const object = value as Record<string, unknown>;
  return [...shape.fields].flatMap(([key, field]) => {
    const found = object[key];
    const here = `${path}.${key}`;
    const tooLong = field.limit !== undefined && Array.isArray(found) && found.length > field.limit ? [`${here} (${field.field}) has ${found.length} items, more than its limit of ${field.limit}`] : [];
    return field.shape === undefined ? tooLong : [...tooLong, ...overLimit(found, field.shape, here)];
  });
}

const limitHolds = (service: GraphService, tree: QueryTree, caller: Caller, data: string): Promise<void> =>
  judgedQuery(service, tree, caller, (found, shape) => overLimit(found, shape, 'data'), `\n  data: ${data}`);

/** An author's newest posts taken as the last `limit` ids, the way it is often first written. */
class SliceFromEndPosts extends PostsStore {
  override postsByAuthors(authorIds: readonly number[], limit: number): Post[][] {
    return super.postsByAuthors(authorIds, Number.MAX_SAFE_INTEGER).map((newestFirst) => newestFirst.reverse().slice(-limit).reverse());
  }
}

const file = 'properties/white-box/graph-limit-holds.test.ts';

describe('limit holds: no posts or comments list is longer than its limit', () => {
  test.prop([extraData, queries, callers], replayable<[ExtraData, QueryTree, Caller]>(file, 100))('through the origin, on the seed and more', async (extra, tree, caller) => {
    const service = new OriginGraph();
    await addExtraData(service, extra);
    await limitHolds(service, tree, caller, `seed and ${JSON.stringify(extra)}`);
  });

  const onDenseStore = (posts: () => PostsStore) => (density: Density, tree: QueryTree, caller: Caller) =>
    limitHolds(denseEndpoint(density, posts()), tree, caller, `dense store ${JSON.stringify(density)}`);

  test.prop([densities, queries, callers], replayable<[Density, QueryTree, Caller]>(file, 150))('on the endpoint over a dense store', onDenseStore(() => new PostsStore()));

  test('teeth: a store that slices from the end returns every post for limit 0, found in a query of three fields', async () => {
    const result = await fc.check(fc.asyncProperty(densities, queries, callers, onDenseStore(() => new SliceFromEndPosts())), { numRuns: 100, seed: 13 });
    expect(result.failed).toBe(true);
    expect(fieldCount(result.counterexample![1].root)).toBeLessThanOrEqual(3);
    expect(String(result.errorInstance)).toMatch(/\(posts\) has \d+ items, more than its limit of 0/);
  });
});
