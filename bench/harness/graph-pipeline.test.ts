import { describe, expect, it } from 'vitest';
import { graphBench, graphPipelineBenchmarks, jitBare, pipelineQuery, plainGraphql } from './graph-pipeline.js';
import { graphql } from 'graphql';
import { graphSchema } from '../../src/graph/schema.js';
import { nestedSampleQuery } from '../../sim/scenario/builtin/graph.js';
import { request } from '../../src/http/message.js';

describe('graph pipeline: four ways to answer the nested sample', () => {
  it('the pipeline answers with the same data as plain graphql() on the same schema and resolvers', async () => {
    const bench = graphBench();
    const endpoint = bench.endpoint();
    const plain = await endpoint.execute(bench.guard, (contextValue) => graphql({ schema: graphSchema, source: nestedSampleQuery, variableValues: { id: '1', limit: 3 }, contextValue }));
    const res = await endpoint.handle(request('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query: nestedSampleQuery, variables: { id: '1', limit: 3 } })), bench.guard);
    const body = JSON.parse(res.body!) as { data: unknown; errors?: unknown; extensions: { cost: { requestedQueryCost: number } } };
    expect(plain.errors).toBeUndefined();
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual(JSON.parse(JSON.stringify(plain.data)));
    expect((plain.data as { user: { posts: unknown[] } }).user.posts).toHaveLength(3);
    // The budget was charged: the pipeline measured includes it.
    expect(body.extensions.cost.requestedQueryCost).toBeGreaterThan(0);
  });

  it('graphql-jit bare answers and resolves what plain graphql() does, without errors, query after query', async () => {
    const bench = graphBench();
    const endpoint = bench.endpoint();
    const plain = await endpoint.execute(bench.guard, async (contextValue) => {
      const result = await graphql({ schema: graphSchema, source: nestedSampleQuery, variableValues: { id: '1', limit: 3 }, contextValue });
      return { resolved: contextValue.resolved, errors: result.errors?.length ?? 0, data: JSON.parse(JSON.stringify(result.data)) as unknown };
    });
    const jit = jitBare(bench, bench.endpoint());
    for (let i = 0; i < 3; i++) expect(await jit()).toEqual(plain);
    expect(plain.resolved).toBeGreaterThan(3);
  });

  it('the budget never throttles the benchmark: its clock refills it between queries', async () => {
    const bench = graphBench();
    const endpoint = bench.endpoint();
    for (let i = 0; i < 50; i++) expect(await pipelineQuery(bench, endpoint)).toBe(200);
    expect((await plainGraphql(bench, endpoint)).errors).toBe(0);
  });

  it('every variant does its full work, and the warm one hits the document cache from its second query on', async () => {
    const definitions = await graphPipelineBenchmarks();
    expect(definitions.map((d) => [d.variant, d.isReference])).toEqual([
      ['graphql() plain', true],
      ['graphql-jit bare', false],
      ['pipeline cold document cache', false],
      ['pipeline warm document cache', false],
    ]);
    for (let i = 0; i < 3; i++) for (const definition of definitions) await definition.run();
  });
});
