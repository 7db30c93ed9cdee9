import { fc, test } from '@fast-check/vitest';
import { execute, parse } from 'graphql';
import { describe, expect } from 'vitest';
import { defaultGraphSettings } from '../../src/graph/endpoint.js';
import { graphResponse } from '../../src/graph/execution.js';
import { readGraphRequest } from '../../src/graph/http/request-params.js';
import { defaultGraphLimits, graphLimitsWith } from '../../src/graph/limits/settings.js';
import { graphSchema } from '../../src/graph/schema.js';
import { type HttpResponse, request } from '../../src/http/message.js';
import { PostsStore } from '../../src/posts/store.js';
import { type Caller, callers, describeCaller } from './graph-callers.js';
import { type Breakage, breakages, broken, type BrokenQuery } from './graph-invalid-queries.js';
import { overLimitQueries } from './graph-over-limit-queries.js';
import { measures, withinLimits } from './graph-query-limits.js';
import { printQuery } from './graph-query-print.js';
import { type QueryTree, queryTrees, fieldCount } from './graph-query-tree.js';
import { EndpointGraph, getPath, type GraphService, OriginGraph, postBody } from './graph-service.js';
import { replayable } from './replay.js';

/**
 * Every query the graph endpoint refuses is refused before any resolver runs (spec §7.3, §8.2–8.3,
 * GraphQL-over-HTTP). The principle graph-rejected-before-execution (`properties/graph-rejected-before-execution.ts`)
 * states it for any target, over queries deeper than its declared limit grown from a declared query; this
 * check needs the inside for the rest on apisim's own graph: it generates invalid queries from the schema
 * (an unknown field at a random place, an argument or a variable of the wrong type) and queries over the
 * depth or the cost limit, by POST or GET and from any caller the origin mints credentials for, and it reads
 * the endpoint's own counts of resolver calls (default resolvers included) and of objects resolved, which
 * must not move. The answer is 400 with `errors` and no `data` member.
 *
 * Two variants must fail: an endpoint with its depth and cost limits switched off, on the over-limit queries
 * (the principle's own test runs it on the own origin too); and a server that executes the documents it
 * parses without validating them (graphql-js `execute` skips an unknown field and runs every other
 * resolver), on the invalid ones, which only a check that sends invalid documents can see.
 */

const limits = defaultGraphLimits;

const invalidQueries = fc.record({
  tree: queryTrees({ depth: limits.maxDepth, limit: fc.integer({ min: 0, max: 4 }), objectWeight: 3 }).filter((tree) => withinLimits(printQuery(tree), limits)),
  breakage: breakages,
});
type Invalid = typeof invalidQueries extends fc.Arbitrary<infer T> ? T : never;

const overLimit = overLimitQueries(limits);

const method = fc.constantFrom('POST' as const, 'GET' as const);

async function refusedBeforeExecution(service: GraphService, query: BrokenQuery, caller: Caller, how: 'POST' | 'GET'): Promise<void> {
  const before = service.counts();
  const res = how === 'POST' ? await service.send(caller, 'POST', '/graphql', postBody(query)) : await service.send(caller, 'GET', getPath(query));
  const after = service.counts();
  const body = JSON.parse(res.body ?? 'null') as Record<string, unknown> | null;
  const problems: string[] = [];
  if (res.status !== 400) problems.push(`status ${res.status}, not 400`);
  if (body === null || !Array.isArray(body.errors) || body.errors.length === 0) problems.push('the body has no errors');
  if (body !== null && 'data' in body) problems.push(`the body has data: ${JSON.stringify(body.data)}`);
  if (after.resolverCalls !== before.resolverCalls) problems.push(`${after.resolverCalls - before.resolverCalls} resolver calls ran`);
  if (after.objectsResolved !== before.objectsResolved) problems.push(`${after.objectsResolved - before.objectsResolved} objects were resolved`);
  if (problems.length > 0) {
    const request = `${how} ${query.broken}: ${query.text.replace(/\s+/g, ' ')}\n  variables: ${JSON.stringify(query.variables)}, operationName: ${String(query.operationName)}, caller: ${describeCaller(caller)}`;
    throw new Error(`refused too late: ${problems.join('; ')}\n  ${request}\n  answer: ${res.body ?? ''}`);
  }
}

function invalid(tree: QueryTree, breakage: Breakage): BrokenQuery {
  return broken(printQuery(tree), breakage);
}

function overLimitQuery(tree: QueryTree): BrokenQuery {
  const query = printQuery(tree);
  const m = measures(query, limits);
  return { ...query, broken: `over the limits (depth ${m.depth}, cost ${m.cost})` };
}

/** Limits switched off, the way a deployment turns them off "until we have numbers". */
const withoutLimits = () => new OriginGraph({ graph: { ...defaultGraphSettings, limits: graphLimitsWith({ maxDepth: Infinity, maxCost: Infinity }) } });

/** A server that trusts its clients' documents and skips validation, which is most of a small query's cost. */
class UnvalidatedEndpoint extends EndpointGraph {
  constructor() {
    super(new PostsStore());
  }

  override async send(caller: Caller, method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpResponse> {
    const read = readGraphRequest(request(method, path, body === undefined ? {} : { 'content-type': 'application/json' }, body === undefined ? undefined : JSON.stringify(body)));
    if (!read.ok) return read.response;
    const { query, variables, operationName } = read.params;
    const document = parse(query!);
    const result = await this.endpoint.execute(this.guardFor(caller), (contextValue) => execute({ schema: graphSchema, document, variableValues: variables, operationName, contextValue }));
    return graphResponse(result.data === undefined ? 400 : 200, result);
  }
}

const file = 'properties/white-box/graph-refusals-run-no-resolver.test.ts';

describe('refused queries: 400, errors, no data, and no resolver ran', () => {
  test.prop([invalidQueries, callers, method], replayable<[Invalid, Caller, 'POST' | 'GET']>(file, 150))('invalid queries', (q, caller, how) =>
    refusedBeforeExecution(new OriginGraph(), invalid(q.tree, q.breakage), caller, how));

  test.prop([overLimit, callers, method], replayable<[QueryTree, Caller, 'POST' | 'GET']>(file, 100))('queries over the depth or the cost limit', (tree, caller, how) =>
    refusedBeforeExecution(new OriginGraph(), overLimitQuery(tree), caller, how));

  test('teeth: an endpoint without depth and cost limits runs an over-limit query, found in one of four fields', async () => {
    const result = await fc.check(fc.asyncProperty(overLimit, callers, method, (tree, caller, how) => refusedBeforeExecution(withoutLimits(), overLimitQuery(tree), caller, how)), { numRuns: 100, seed: 7 });
    expect(result.failed).toBe(true);
    expect(fieldCount(result.counterexample![0].root)).toBeLessThanOrEqual(4);
    expect(String(result.errorInstance)).toMatch(/resolver calls ran/);
  });

  test('teeth: executing without validation runs the rest of a query with an unknown field, found in a query of one field', async () => {
    const result = await fc.check(fc.asyncProperty(invalidQueries, callers, method, (q, caller, how) => refusedBeforeExecution(new UnvalidatedEndpoint(), invalid(q.tree, q.breakage), caller, how)), { numRuns: 100, seed: 7 });
    expect(result.failed).toBe(true);
    expect(fieldCount(result.counterexample![0].tree.root)).toBe(1);
    expect(String(result.errorInstance)).toMatch(/status 200, not 400.*the body has data/);
  });
});
