import { graphql, parse } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { defaultGraphSettings, GraphEndpoint } from '../../src/graph/endpoint.js';
import { graphSchema } from '../../src/graph/schema.js';
import { request } from '../../src/http/message.js';
import { Guard } from '../../src/policy/guard.js';
import { Policy } from '../../src/policy/policy.js';
import { scopesOfRoles } from '../../src/policy/roles.js';
import { seedDemoData } from '../../src/demo-data.js';
import { PostsStore } from '../../src/posts/store.js';
import { UsersStore } from '../../src/users/store.js';
import { nestedSampleQuery } from '../../sim/scenario/builtin/graph.js';
import { type BenchmarkDefinition, expectCount } from './definition.js';

/** The spec's nested sample as the built-in scenario `graph-nested-post` sends it. */
export const sampleVariables = { id: '1', limit: 3 };

/** The demo data, a caller, and endpoints over them. */
export interface GraphBench {
  readonly users: UsersStore;
  readonly posts: PostsStore;
  /** Alice as gate 1 would identify her from a session, with gate 2 in front of every resolver. */
  readonly guard: Guard;
  /** Endpoints get a clock that moves 10 s per query, so the cost budget is charged and always refilled. */
  readonly endpoint: () => GraphEndpoint;
}

export function graphBench(): GraphBench {
  const users = new UsersStore();
  const posts = new PostsStore();
  seedDemoData(users, posts);
  const subject = { userId: 1, username: 'alice', roles: ['customer'], scopes: scopesOfRoles(['customer']), via: 'session', credentialId: 'bench' } as const;
  const guard = new Guard(subject, new Policy({ orders: 'owner-check' }));
  let nowUs = 0;
  const now = (): number => (nowUs += 10_000_000);
  return { users, posts, guard, endpoint: () => new GraphEndpoint({ users, posts, settings: defaultGraphSettings, now }) };
}

/** Plain graphql-js on our schema and resolvers: parse, validate with the specified rules, execute. */
export async function plainGraphql(bench: GraphBench, endpoint: GraphEndpoint): Promise<{ readonly resolved: number; readonly errors: number }> {
  return endpoint.execute(bench.guard, async (contextValue) => {
    const result = await graphql({ schema: graphSchema, source: nestedSampleQuery, variableValues: sampleVariables, contextValue });
    return { resolved: contextValue.resolved, errors: result.errors?.length ?? 0 };
  });
}

/**
 * graphql-jit used bare, as its README shows: the nested sample compiled once, then `compiled.query` per
 * query, with the context made the way `plainGraphql` makes it (the caller's gate 2 and new loaders). No
 * request to read, no limits, no budget, no JSON: the anchor apisim's warm path is compared with, since that
 * path runs on the same compiled query.
 */
export function jitBare(bench: GraphBench, endpoint: GraphEndpoint): () => Promise<{ readonly resolved: number; readonly errors: number; readonly data: unknown }> {
  const compiled = compileQuery(graphSchema, parse(nestedSampleQuery));
  if (!isCompiledQuery(compiled)) throw new Error(`graphql-jit would not compile the nested sample: ${JSON.stringify(compiled.errors)}`);
  return async () => endpoint.execute(bench.guard, async (contextValue) => {
    const result = await compiled.query(undefined, contextValue, sampleVariables);
    return { resolved: contextValue.resolved, errors: result.errors?.length ?? 0, data: result.data };
  });
}

const sampleRequest = request('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify({ query: nestedSampleQuery, variables: sampleVariables }));

/** Our whole pipeline from the HTTP request to the HTTP response: body, admission (limits, cost, budget), execution, JSON. */
export async function pipelineQuery(bench: GraphBench, endpoint: GraphEndpoint): Promise<number> {
  return (await endpoint.handle(sampleRequest, bench.guard)).status;
}

/**
 * graph pipeline: one query of the nested sample per iteration, so `mean_ms_per_iteration` × 1000 is µs per
 * query. The reference is `graphql()` itself on the same schema, resolvers and loaders: the ratio is what our
 * pipeline adds (reading the request, the token, depth, alias and cost rules, the budget, the JSON response)
 * or, warm, saves (parse and validation come from the document cache, and the query runs compiled by
 * graphql-jit, `src/graph/compiled-operations.ts`). Cold builds a new endpoint per query, since the document
 * cache has no way to be emptied and a new one costs little beside a parse: so cold is parsed, validated (by
 * graphql-js's rules, visited in one pass: `src/graph/rules-in-one-pass.ts`) and run on graphql-js, as a
 * query sent once is. `graphql-jit bare` is the outside anchor: the same compiled query with nothing around it,
 * measured in the same rounds so that warm ÷ jit bare is read on every run. The speed goals
 * (`bench/readme/speed-goals.ts`): warm at least 5× plain and 0.8× jit bare, cold at least 0.8× plain.
 */
export async function graphPipelineBenchmarks(): Promise<BenchmarkDefinition[]> {
  const bench = graphBench();
  const shared = { benchmark: 'graph pipeline', unit: 'queries_per_second', unitsPerIteration: 1 } as const;
  const referenceEndpoint = bench.endpoint();
  const warm = bench.endpoint();
  let warmQueries = 0;
  // Alice, her 3 latest posts, their authors, comments and commenters: every variant must resolve them all.
  const first = await plainGraphql(bench, referenceEndpoint);
  expectCount('graphql() errors on the first query', first.errors, 0);
  const resolvedPerQuery = first.resolved;
  const jit = jitBare(bench, bench.endpoint());
  const resolvedBy = (endpoint: GraphEndpoint, queries: number): void =>
    expectCount('objects resolved by the pipeline', endpoint.stats.objectsResolved, queries * resolvedPerQuery);

  return [
    {
      ...shared,
      variant: 'graphql() plain',
      isReference: true,
      run: async () => {
        const { resolved, errors } = await plainGraphql(bench, referenceEndpoint);
        expectCount('graphql() errors', errors, 0);
        expectCount('graphql() objects resolved', resolved, resolvedPerQuery);
      },
    },
    {
      ...shared,
      variant: 'graphql-jit bare',
      isReference: false,
      run: async () => {
        const { resolved, errors } = await jit();
        expectCount('graphql-jit bare errors', errors, 0);
        expectCount('graphql-jit bare objects resolved', resolved, resolvedPerQuery);
      },
    },
    {
      ...shared,
      variant: 'pipeline cold document cache',
      isReference: false,
      run: async () => {
        const endpoint = bench.endpoint();
        try {
          expectCount('cold pipeline status', await pipelineQuery(bench, endpoint), 200);
          expectCount('cold pipeline document-cache misses', endpoint.documents.misses, 1);
          expectCount('cold pipeline compiled operations', endpoint.operations.compiled, 0);
          resolvedBy(endpoint, 1);
        } finally {
          // The posts store holds every endpoint that listens to it: thousands of them, each with its cache,
          // made every later variant of the run pay for a growing heap.
          endpoint.halt();
        }
      },
    },
    {
      ...shared,
      variant: 'pipeline warm document cache',
      isReference: false,
      run: async () => {
        expectCount('warm pipeline status', await pipelineQuery(bench, warm), 200);
        warmQueries++;
        // The first query of all fills the cache; every later one must be a hit, and run compiled.
        expectCount('warm pipeline document-cache hits', warm.documents.hits, warmQueries - 1);
        expectCount('warm pipeline compiled operations', warm.operations.compiled, warmQueries > 1 ? 1 : 0);
        resolvedBy(warm, warmQueries);
      },
    },
  ];
}
