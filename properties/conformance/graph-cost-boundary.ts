import type { CheckContext } from './check.js';
import { costlyQuery, type CostRung, queryDocument, rungEstimate } from './graph-document.js';
import { BoundarySearch } from './graph-probe.js';
import type { GraphShape } from './service-shape.js';

/**
 * The cost ladder: each rung dearer than the last for any meter, list-aware or not (`costlyQuery`), from
 * 22 objects by apisim's estimate to 25611 (3141 by GraphQL Armor's default meter). The top rung is about 800
 * tokens: a token limit of 1000 (apisim's) is not what refuses it.
 */
export const costRungs: readonly CostRung[] = [
  { lists: 1, copies: 1 }, { lists: 2, copies: 2 }, { lists: 4, copies: 4 }, { lists: 8, copies: 8 },
  { lists: 10, copies: 32 }, { lists: 10, copies: 128 },
];

/** The rungs' documents are this deep: a claimed depth limit under it leaves the ladder nothing to send. */
export const costProbeDepth = 5;

/** Requests the search sends at most. */
export const costSearchRequests = costRungs.length;

export const rungText = (rung: CostRung): string => `a query estimated at ${rungEstimate(rung)} objects (posts(limit: ${rung.lists}) × ${rung.copies} comment-author selections)`;

/** Climbs the ladder until a rung does not run: the dearest rung that ran and the cheapest that did not. */
export async function costBoundary(ctx: CheckContext, graph: GraphShape, user: string): Promise<BoundarySearch> {
  const search = new BoundarySearch(ctx, graph, 'cost', (step) => ({ what: rungText(costRungs[step]!), query: queryDocument(costlyQuery(user, costRungs[step]!)) }));
  await search.escalate(costRungs.map((_, i) => i));
  return search;
}
