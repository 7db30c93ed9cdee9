import type { CheckContext } from './check.js';
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

/** A POST to the graph endpoint as GraphQL-over-HTTP sends it, as the user. */
export function postGraph(ctx: CheckContext, query: string, variables?: Readonly<Record<string, unknown>>): Promise<WireExchange> {
  return ctx.origin.send('POST', ctx.shape.graph?.path ?? '/graphql', { as: ctx.user, json: variables === undefined ? { query } : { query, variables } });
}
