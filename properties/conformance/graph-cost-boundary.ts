import type { CheckContext } from './check.js';
import { costlyQuery, type CostRung, queryDocument, rungEstimate, tokenCount } from './graph-document.js';
import { BoundarySearch, type Trial } from './graph-probe.js';
import { refusedFor } from './graph-refusal-reason.js';
import type { GraphShape } from './service-shape.js';

/** The list ladder's documents are this deep: a claimed depth limit under it leaves the ladder nothing to send. */
export const costProbeDepth = 5;

/**
 * The list ladder: each rung dearer than the last for any meter, list-aware or not (`costlyQuery`), from 22
 * objects by apisim's estimate to 25611 (2093 by GraphQL Armor's default meter). The top rung is about 800
 * tokens: a token limit of 1000 (apisim's, Armor's) is not what refuses it.
 */
const listRungs: readonly CostRung[] = [
  { lists: 1, copies: 1 }, { lists: 2, copies: 2 }, { lists: 4, copies: 4 }, { lists: 8, copies: 8 },
  { lists: 10, copies: 32 }, { lists: 10, copies: 128 },
].map((r) => ({ ...r, depth: costProbeDepth, leaves: 1 }));

/**
 * The deep ladder, climbed when the list ladder ran to its top: a meter that ignores list sizes and weighs
 * each field by its depth (GraphQL Armor's: 1.5 times a level down) prices the top list rung at 2093, under
 * Armor's default limit of 5000, and no probe of this kind 5 levels deep reaches 5000 there within 1000
 * tokens. So the probes go one level deeper where the depth limit allows it, and end in more and more
 * fields, which execution merges: 100 to 800, the top about 830 tokens. Each rung holds the last, so it is
 * dearer for any meter.
 */
const deepLeaves = [100, 200, 400, 800];
/** The deepest the ladder goes, whatever depth the target allows: a list at every other level would make a deeper probe heavy to run. */
const deepestCostProbe = 6;
const deepRungs = (depth: number): CostRung[] => deepLeaves.map((leaves) => ({ lists: 10, copies: 1, depth, leaves }));

/** Requests the search sends at most: both ladders, and the deep one again a level shallower when its depth was refused. */
export const costSearchRequests = listRungs.length + 2 * deepLeaves.length;

export const rungText = (rung: CostRung): string => {
  const shape = rung.leaves === 1 ? `posts(limit: ${rung.lists}) × ${rung.copies} comment-author selections` : `${rung.depth} levels deep, posts(limit: ${rung.lists}), ${rung.leaves} fields at the bottom`;
  return `a query estimated at ${rungEstimate(rung)} objects on apisim's meter (${shape})`;
};

/** One probe of the ladder, and its rung. */
export interface CostTrial extends Trial {
  readonly rung: CostRung;
}

/** Where the ladders stopped: the last probe that ran, the first that did not, and what the climb learnt on the way. */
export interface CostBoundary {
  readonly ran: CostTrial | undefined;
  readonly stopped: CostTrial | undefined;
  readonly broken: readonly Trial[];
  /** When the dearest probe ran: the ceiling, what the ladders stopped at. */
  readonly ceiling: string;
  /** A deep probe refused for its depth, so the deep ladder went on a level shallower; empty otherwise. */
  readonly note: string;
}

/**
 * Climbs the list ladder, then the deep one, until a probe does not run: refused (for its cost or not) or
 * broken. The deep ladder goes as deep as the claimed depth limit allows (at most `deepestCostProbe`); with no
 * claim, a refusal for depth sends it back to `costProbeDepth`.
 */
export async function costBoundary(ctx: CheckContext, graph: GraphShape, user: string): Promise<CostBoundary> {
  const climbs: { readonly search: BoundarySearch; readonly rungs: readonly CostRung[] }[] = [];
  const climb = async (rungs: readonly CostRung[]): Promise<BoundarySearch> => {
    const search = new BoundarySearch(ctx, graph, 'cost', (step) => ({ what: rungText(rungs[step]!), query: queryDocument(costlyQuery(user, rungs[step]!)) }));
    await search.escalate(rungs.map((_, i) => i));
    climbs.push({ search, rungs });
    return search;
  };
  let last = await climb(listRungs);
  let note = '';
  if (last.stopped === undefined) {
    const deepest = Math.min(graph.maxDepth ?? deepestCostProbe, deepestCostProbe);
    last = await climb(deepRungs(deepest));
    const tooDeep = last.stopped;
    if (graph.maxDepth === undefined && deepest > costProbeDepth && tooDeep !== undefined && refusedFor(tooDeep.answer, 'depth', graph) && !refusedFor(tooDeep.answer, 'cost', graph)) {
      note = `${tooDeep.what} was refused for its depth, so the deep probes went on ${costProbeDepth} levels deep`;
      last = await climb(deepRungs(costProbeDepth));
    }
  }
  const withRung = (trial: Trial | undefined, rungs: readonly CostRung[]): CostTrial | undefined => (trial === undefined ? undefined : { ...trial, rung: rungs[trial.at]! });
  const ran = climbs.map((c) => withRung(c.search.ran, c.rungs)).filter((t) => t !== undefined).at(-1);
  const top = climbs.at(-1)!.rungs.at(-1)!;
  return {
    ran,
    stopped: withRung(last.stopped, climbs.at(-1)!.rungs),
    broken: climbs.flatMap((c) => c.search.broken()),
    ceiling: `${rungText(top)}, ${tokenCount(queryDocument(costlyQuery(user, top)))} tokens`,
    note,
  };
}
