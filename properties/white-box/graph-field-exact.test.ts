import { fc, test } from '@fast-check/vitest';
import { isObjectType, Kind, parse, print, TypeInfo, visit, visitWithTypeInfo, type FieldNode } from 'graphql';
import { describe, expect } from 'vitest';
import { defaultGraphLimits } from '../../src/graph/limits/settings.js';
import { graphSchema } from '../../src/graph/schema.js';
import type { HttpResponse } from '../../src/http/message.js';
import { type Caller, callers } from './graph-callers.js';
import { withinLimits } from './graph-query-limits.js';
import { printQuery } from './graph-query-print.js';
import { type QueryTree, queryTrees, fieldCount } from './graph-query-tree.js';
import { shapeProblems } from '../conformance/graph-shape.js';
import { type GraphCounts, type GraphService, judgedQuery, OriginGraph } from './graph-service.js';
import { replayable } from './replay.js';

/**
 * Principle (spec §7.1, Area C): the response has exactly the shape the query asks for. For random valid
 * queries (nesting, aliases, named and inline fragments, `@include`/`@skip`, `__typename`, arguments written
 * or passed as variables) and random callers, every object in `data`, at every depth, has the response keys
 * the query selects at that place, no more and no fewer, in the order execution meets them. The expected keys
 * come from the query tree (graph-query-print.ts), not from graphql-js. A field the caller may not see is
 * null with a FORBIDDEN error, and no other error may appear: a query that failed would pass vacuously.
 *
 * The variant that must fail is a front with a normalizing cache, which adds `id` and `__typename` to every
 * selection set so that it can key the objects it sees, and forgets to take them out of the response.
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

function withKeyFields(query: string): string {
  const types = new TypeInfo(graphSchema);
  const field = (name: string): FieldNode => ({ kind: Kind.FIELD, name: { kind: Kind.NAME, value: name } });
  return print(visit(parse(query), visitWithTypeInfo(types, {
    SelectionSet(node) {
      const type = types.getParentType();
      if (!isObjectType(type) || type === graphSchema.getQueryType()) return undefined;
      const keys = ['id', '__typename'].filter((name) => name === '__typename' || name in type.getFields());
      return { ...node, selections: [...node.selections, ...keys.map(field)] };
    },
  })));
}

const file = 'properties/white-box/graph-field-exact.test.ts';

describe('field-exact: every object in data has exactly the keys the query asks for', () => {
  test.prop([queries, callers], replayable<[QueryTree, Caller]>(file, 150))('through the origin, whoever asks', (tree, caller) => fieldExact(new OriginGraph(), tree, caller));

  test('teeth: a front that adds id and __typename for its cache is caught, with a query of at most two fields', async () => {
    const result = await fc.check(fc.asyncProperty(queries, callers, (tree, caller) => fieldExact(new NormalizingFront(new OriginGraph()), tree, caller)), { numRuns: 100, seed: 5 });
    expect(result.failed).toBe(true);
    expect(fieldCount(result.counterexample![0].root)).toBeLessThanOrEqual(2);
    expect(String(result.errorInstance)).toMatch(/(id|__typename) is extra/);
  });
});
