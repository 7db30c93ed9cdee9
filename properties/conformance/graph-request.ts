import type { CheckContext } from './check.js';
import { fromGraphEndpoint } from './graph-endpoint.js';
import type { GraphShape } from './service-shape.js';
import type { WireExchange } from './wire.js';

/** The graph endpoint when the target has one, or why the check cannot run. */
export function graphOf(ctx: CheckContext): GraphShape | string {
  return ctx.shape.graph ?? 'the target declares no graph endpoint: declare graph: { path, queries }';
}

/**
 * The graph endpoint when it serves the spec's schema (the check builds its own deep, costly and mutating
 * documents from it), or why the check cannot run.
 */
export function specGraphOf(ctx: CheckContext): GraphShape | string {
  const graph = graphOf(ctx);
  if (typeof graph === 'string' || graph.specSchema) return graph;
  return `the check writes its documents in the spec's schema (user, posts, comments, author, createPost), which ${graph.path} does not declare: declare graph.userId if it serves that schema`;
}

/** The `user(id:)` the graph checks ask for: configured, else the user's own id, else "1" as in the spec's sample. */
export const graphUserId = (ctx: CheckContext): string => ctx.shape.graph?.userId ?? ctx.user.userId ?? '1';

/** Headers the description says every graph request carries (Apollo's `apollo-require-preflight`, say), lower-cased. */
const graphHeaders = (ctx: CheckContext): Record<string, string> =>
  Object.fromEntries(Object.entries(ctx.shape.graph?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * A POST to the graph endpoint as GraphQL-over-HTTP sends it, as the user, with the description's headers.
 * A 404 that is no GraphQL response ends the check with the shared "no graph endpoint" finding.
 */
export async function postGraph(ctx: CheckContext, query: string, variables?: Readonly<Record<string, unknown>>, extensions?: unknown): Promise<WireExchange> {
  const json = { query, ...(variables === undefined ? {} : { variables }), ...(extensions === undefined ? {} : { extensions }) };
  return fromGraphEndpoint(await ctx.origin.send('POST', ctx.shape.graph?.path ?? '/graphql', { as: ctx.user, json, headers: graphHeaders(ctx) }));
}

/** A GET of the graph endpoint with the given query string (no `?`), as the user, with the description's headers. */
export function getGraph(ctx: CheckContext, search: string): Promise<WireExchange> {
  return ctx.origin.send('GET', `${ctx.shape.graph?.path ?? '/graphql'}?${search}`, { as: ctx.user, headers: graphHeaders(ctx) });
}
