import { executed, type GraphAnswer, notRefused } from './graph-answer.js';
import type { GraphShape } from './service-shape.js';

export type LimitName = 'depth' | 'cost';

/** What one probe came to: run, refused for the limit under test, refused for another reason, or neither. */
export type ProbeOutcome =
  | { readonly kind: 'ran' }
  | { readonly kind: 'refused'; readonly forLimit: boolean }
  | { readonly kind: 'broken'; readonly why: string };

/** The number a refusal publishes for each limit (apisim: `extensions.maxDepth`, `extensions.maxCost`). */
const publishedName: Record<LimitName, string> = { depth: 'maxDepth', cost: 'maxCost' };

/**
 * When the description names nothing: a code or message that names the limit. apisim's QUERY_TOO_DEEP and
 * QUERY_TOO_COSTLY, graphql-depth-limit's "exceeds maximum operation depth", GraphQL Armor's "Query depth
 * limit of 6 exceeded" and "Query Cost limit of 5000 exceeded", graphql-query-complexity's "too complicated
 * ... complexity" all match; a refusal for a list argument, a token count or an alias count does not.
 */
const namedByDefault: Record<LimitName, RegExp> = {
  depth: /deep|depth/i,
  cost: /cost|complex/i,
};

/**
 * Whether a refusal is the one being checked: some error carries the code or message words the description
 * names for the limit, publishes the limit, or (when nothing is named) names it. Any error without data used
 * to count, so a cost limit refusing a deep probe passed the depth check (a false pass seen on a real
 * deployment).
 */
export function refusedFor(answer: GraphAnswer, limit: LimitName, graph: Pick<GraphShape, 'limitErrors'>): boolean {
  if (answer.published(publishedName[limit]) !== undefined) return true;
  const named = graph.limitErrors?.[limit];
  const errors = answer.errors;
  if (named !== undefined) return errors.some((e) => e.code === named || e.message.toLowerCase().includes(named.toLowerCase()));
  return errors.some((e) => namedByDefault[limit].test(e.code ?? '') || namedByDefault[limit].test(e.message));
}

export function probeOutcome(answer: GraphAnswer, limit: LimitName, graph: GraphShape): ProbeOutcome {
  if (executed(answer) || (answer.hasData && answer.status < 500)) return { kind: 'ran' };
  const why = notRefused(answer);
  if (why !== undefined) return { kind: 'broken', why };
  return { kind: 'refused', forLimit: refusedFor(answer, limit, graph) };
}
