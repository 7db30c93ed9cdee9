import { createHash } from 'node:crypto';
import { type DocumentNode, execute, GraphQLError, type GraphQLResolveInfo, Kind, parse, specifiedRules, validate } from 'graphql';
import { Hono } from 'hono';
import { maxDepthRule } from '../../../examples/yoga-graph/depth-limit.js';
import { root, schema } from '../graph-app.js';

const maxDepth = 5;

interface GraphParams {
  readonly query?: string | undefined;
  readonly extensions?: { readonly persistedQuery?: { readonly sha256Hash?: unknown } } | undefined;
}

type Flaw = 'none' | 'depth-in-resolver' | 'registry-per-route';

/**
 * Authors and books (the test kit's graphql-js schema) served by Hono at `/graphql`, by POST and by GET, with
 * a depth limit of 5 and Apollo's automatic persisted queries, written by hand as Hono's docs write a route.
 * Two flaws, each in one place: `depthInResolver` checks the depth in the root resolver, during execution,
 * where a guard of a field middleware sits, so a deep query is answered with `data` (its root null) after a
 * resolver ran; `registryPerRoute` gives each route its own registry of persisted queries, so a hash the
 * POST registered is never found by the GET.
 */
function graphApp(flaw: Flaw) {
  const registryOf = (() => {
    const shared = new Map<string, string>();
    return () => (flaw === 'registry-per-route' ? new Map<string, string>() : shared);
  })();
  const rules = flaw === 'depth-in-resolver' ? specifiedRules : [...specifiedRules, maxDepthRule(maxDepth)];
  const rootValue = flaw === 'depth-in-resolver' ? guarded : root;

  const answer = async (params: GraphParams, registry: Map<string, string>): Promise<{ readonly status: 200 | 400; readonly body: unknown }> => {
    const hash = params.extensions?.persistedQuery?.sha256Hash;
    let query = params.query;
    if (typeof hash === 'string') {
      if (query === undefined) query = registry.get(hash);
      else if (createHash('sha256').update(query).digest('hex') === hash) registry.set(hash, query);
      else return { status: 400, body: { errors: [{ message: 'provided sha does not match query', extensions: { code: 'PERSISTED_QUERY_MISMATCH' } }] } };
      if (query === undefined) return { status: 200, body: { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] } };
    }
    let document: DocumentNode;
    try {
      document = parse(query ?? '');
    } catch (error) {
      return { status: 400, body: { errors: [{ message: (error as Error).message }] } };
    }
    const errors = validate(schema, document, rules);
    if (errors.length > 0) return { status: 400, body: { errors: errors.map((e) => ({ message: e.message })) } };
    return { status: 200, body: await execute({ schema, document, rootValue }) };
  };

  const app = new Hono();
  const posted = registryOf();
  app.post('/graphql', async (c) => {
    const { status, body } = await answer(await c.req.json<GraphParams>(), posted);
    return c.json(body, status);
  });
  const gotten = registryOf();
  app.get('/graphql', async (c) => {
    const extensions = c.req.query('extensions');
    const { status, body } = await answer({ query: c.req.query('query'), extensions: extensions === undefined ? undefined : (JSON.parse(extensions) as GraphParams['extensions']) }, gotten);
    return c.json(body, status);
  });
  return app;
}

/** The root resolvers behind a guard that measures the operation when the root field resolves: too late. */
const guarded = {
  author: (args: { id: string }, context: unknown, info: GraphQLResolveInfo) => {
    const operation: DocumentNode = { kind: Kind.DOCUMENT, definitions: [info.operation, ...Object.values(info.fragments)] };
    const tooDeep = validate(schema, operation, [maxDepthRule(maxDepth)]);
    if (tooDeep.length > 0) throw new GraphQLError(tooDeep[0]!.message);
    return root.author(args);
  },
};

export default () => graphApp('none');
export const depthInResolver = () => graphApp('depth-in-resolver');
export const registryPerRoute = () => graphApp('registry-per-route');
