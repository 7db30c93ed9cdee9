import type { CheckContext } from './check.js';
import type { WireExchange } from './wire.js';

/** The `user(id:)` the graph checks ask for: configured, else the user's own id, else "1" as in the spec's sample. */
export const graphUserId = (ctx: CheckContext): string => ctx.settings.graphUserId ?? ctx.user.userId ?? '1';

/** `POST /graphql` as GraphQL-over-HTTP sends it, as the user. */
export function postGraph(ctx: CheckContext, query: string, variables?: Readonly<Record<string, unknown>>): Promise<WireExchange> {
  return ctx.origin.send('POST', '/graphql', { as: ctx.user, json: variables === undefined ? { query } : { query, variables } });
}
