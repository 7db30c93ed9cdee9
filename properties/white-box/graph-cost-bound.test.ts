import { fc, test } from '@fast-check/vitest';
import { type DocumentNode, parse } from 'graphql';
import { describe, expect } from 'vitest';
import { estimateCost, type VariableValues } from '../../src/graph/limits/cost.js';
import { defaultGraphLimits, type GraphLimits } from '../../src/graph/limits/settings.js';
import { graphSchema } from '../../src/graph/schema.js';
import { type Caller, callers } from './graph-callers.js';
import { addExtraData, type ExtraData, extraData } from './graph-extra-data.js';
import { withinLimits } from './graph-query-limits.js';
import { printQuery } from './graph-query-print.js';
import { type QueryTree, queryTrees, fieldCount } from './graph-query-tree.js';
import { densities, type Density, denseEndpoint } from './graph-dense-store.js';
import { type GraphService, describeRequest, OriginGraph, postQuery } from './graph-service.js';
import { type GraphBody, notRunAsWritten } from '../conformance/graph-shape.js';
import { replayable } from './replay.js';

/**
 * The cost estimate is an upper bound (spec §8.3), a white-box check: it reads the endpoint's own count of
 * objects resolved around each request and prices the document with apisim's `estimateCost`. The estimate the
 * endpoint admits a query by is an upper bound of the work the query makes it do. For random accepted
 * queries, with `limit` written, passed through a variable that is sent or left to its own default, or left
 * to the schema's default, the objects the request resolves (the endpoint's `objectsResolved`, around that
 * one request) never exceed `estimateCost` for the document and its variables with the endpoint's limits.
 * Through the origin on the seed and some more posts and comments; and on the endpoint over a dense store,
 * where lists fill up to their limits and a low estimate cannot hide.
 *
 * src/graph/limits/cost.property.test.ts checks the estimator on a test schema against an executor that makes
 * every list as long as it may; this one runs the real endpoint, store and loaders.
 *
 * The variant that must fail is the estimate most cost plugins make: the document priced without the request's
 * variables, so a `limit` from a variable counts as its declared default, or as the schema's (all of them do
 * when a required variable, missing, makes coercion fail).
 */

/** How a cost is estimated from what a request carries. */
type Estimate = (document: DocumentNode, variables: VariableValues, operationName: string | undefined, limits: GraphLimits) => number;

const withVariables: Estimate = (document, variables, operationName, limits) => estimateCost(document, graphSchema, variables, limits, operationName);
const withoutVariables: Estimate = (document, _variables, operationName, limits) => estimateCost(document, graphSchema, {}, limits, operationName);

const limits = defaultGraphLimits;
// Small limits, which data fills, and limits past the default of 10, where a variable the estimate ignores makes it too low.
const limit = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 20 }));
const queries = queryTrees({ depth: limits.maxDepth, limit, objectWeight: 3 }).filter((tree) => withinLimits(printQuery(tree), limits));

async function bounded(estimate: Estimate, service: GraphService, tree: QueryTree, caller: Caller, data: string): Promise<void> {
  const query = printQuery(tree);
  const before = service.counts().objectsResolved;
  const res = await postQuery(service, caller, query);
  const resolved = service.counts().objectsResolved - before;
  const estimated = estimate(parse(query.text), query.variables ?? {}, query.operationName, limits);
  const problems: string[] = [];
  const failed = notRunAsWritten(res.status, JSON.parse(res.body ?? '{}') as GraphBody);
  if (failed !== undefined) problems.push(failed);
  if (resolved > estimated) problems.push(`${resolved} objects resolved, more than the estimated cost of ${estimated}`);
  if (problems.length > 0) {
    const request = describeRequest(query, caller);
    throw new Error(`${problems.join('\n')}\n  ${request}\n  data: ${data}`);
  }
}

const file = 'properties/white-box/graph-cost-bound.test.ts';

describe('the cost estimate is an upper bound of the objects resolved', () => {
  test.prop([extraData, queries, callers], replayable<[ExtraData, QueryTree, Caller]>(file, 100))('through the origin, on the seed and more', async (extra, tree, caller) => {
    const service = new OriginGraph();
    await addExtraData(service, extra);
    await bounded(withVariables, service, tree, caller, `seed and ${JSON.stringify(extra)}`);
  });

  const onDenseStore = (estimate: Estimate) => (density: Density, tree: QueryTree, caller: Caller) =>
    bounded(estimate, denseEndpoint(density), tree, caller, `dense store ${JSON.stringify(density)}`);

  test.prop([densities, queries, callers], replayable<[Density, QueryTree, Caller]>(file, 150))('on the endpoint over a dense store', onDenseStore(withVariables));

  test('teeth: an estimate without the request\'s variables is too low, and a query of five fields shows it', async () => {
    const result = await fc.check(fc.asyncProperty(densities, queries, callers, onDenseStore(withoutVariables)), { numRuns: 300, seed: 3 });
    expect(result.failed).toBe(true);
    expect(fieldCount(result.counterexample![1].root)).toBeLessThanOrEqual(5);
    expect(String(result.errorInstance)).toMatch(/objects resolved, more than the estimated cost/);
  });
});
