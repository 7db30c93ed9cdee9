import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { defaultGraphLimits } from '../../src/graph/limits/settings.js';
import type { HttpResponse } from '../../src/http/message.js';
import { type Caller, callers } from './graph-callers.js';
import { withinLimits } from './graph-query-limits.js';
import { printQuery } from './graph-query-print.js';
import { type QueryTree, queryTrees, fieldCount } from './graph-query-tree.js';
import { shapeProblems } from '../conformance/graph-shape.js';
import { type GraphCounts, type GraphService, judgedQuery, OriginGraph } from './graph-service.js';
import { replayable } from './replay.js';
import { withKeyFields } from '../test-kit/own-origin-flaws.js';

/**
 * The shape of the answer to any query apisim's schema admits (spec §7.1, Area C). The principle
 * graph-field-exact (`properties/graph-field-exact.ts`) states it for any target, over the queries a
 * description declares and their parts; this check needs the inside to go further on apisim's own graph:
 * it generates queries from the schema itself (nesting, aliases, named and inline fragments,
 * `@include`/`@skip`, `__typename`, arguments written or passed as variables, within the origin's limits),
 * and asks as callers the origin mints credentials for, tokens with narrowed scopes included, so that a
 * field the caller may not see comes back null with a FORBIDDEN error. Every object in `data`, at every
 * depth, has the response keys the query selects there, no more and no fewer, in the order execution meets
 * them; the expected keys come from the query tree (graph-query-print.ts), not from graphql-js. No other
 * error may appear: a query that failed would pass vacuously.
 *
 * The variant that must fail is a front with a normalizing cache, which adds `id` and `__typename` to every
 * selection set so that it can key the objects it sees, and forgets to take them out of the response (the
 * test kit's `normalizing-front`, which the principle's own test runs on the own origin too).
 */

const limits = defaultGraphLimits;
const queries = queryTrees({ depth: limits.maxDepth, limit: fc.integer({ min: 0, max: 4 }), objectWeight: 3 }).filter((tree) => withinLimits(printQuery(tree), limits));

const fieldExact = (service: GraphService, tree: QueryTree, caller: Caller): Promise<void> =>
  judgedQuery(service, tree, caller, (data, shape) => shapeProblems(data, shape, 'data'));

/** A front that adds the fields its normalizing cache keys objects by, and passes the response on as it came. */
class NormalizingFront implements GraphService {
  readonly #origin: GraphService;

  constructor(origin: GraphService) {
    this.#origin = origin;
  }

  send(caller: Caller, method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpResponse> {
    const request = body as { query: string };
    return this.#origin.send(caller, method, path, { ...request, query: withKeyFields(request.query) });
  }

  counts(): GraphCounts {
    return this.#origin.counts();
  }
}

const file = 'properties/white-box/graph-generated-query-shape.test.ts';

describe('generated queries: every object in data has exactly the keys the query asks for', () => {
  test.prop([queries, callers], replayable<[QueryTree, Caller]>(file, 150))('through the origin, whoever asks', (tree, caller) => fieldExact(new OriginGraph(), tree, caller));

  test('teeth: a front that adds id and __typename for its cache is caught, with a query of at most two fields', async () => {
    const result = await fc.check(fc.asyncProperty(queries, callers, (tree, caller) => fieldExact(new NormalizingFront(new OriginGraph()), tree, caller)), { numRuns: 100, seed: 5 });
    expect(result.failed).toBe(true);
    expect(fieldCount(result.counterexample![0].root)).toBeLessThanOrEqual(2);
    expect(String(result.errorInstance)).toMatch(/(id|__typename) is extra/);
  });
});
