import { type Check, type Finding, judged, skip } from '../check.js';
import { costlyMutation, costlyQuery, queryDocument, specSample } from '../graph-document.js';
import { executedQuery, refusedMutationLeavesNoTrace, refusedQuery } from '../graph-limit-refusal.js';
import { graphUserId, specGraphOf } from '../graph-request.js';

export const graphCostLimit: Check = {
  name: 'graph/cost-limit-before-execution',
  principle: 'a query over the cost limit is refused before execution: errors, no data, and a mutation so refused has no effect (spec §7.3, §8.3)',
  maxRequests: 4,
  async run(ctx) {
    const graph = specGraphOf(ctx);
    // Unlike depth, a declared query cannot be grown to a known cost: the cost is the target's weights times its list sizes.
    if (typeof graph === 'string') return skip(ctx.shape.graph === undefined ? graph : `${graph}; a declared query cannot stand in, since its cost depends on weights and list sizes only the target's schema knows`);
    const userId = graphUserId(ctx);
    const findings: Finding[] = [];
    // The same depth as the spec's sample, so depth cannot be the reason it is refused.
    const answer = await refusedQuery(ctx, 'a query for 50 posts with their comment authors (depth 5, estimated cost 1051)', queryDocument(costlyQuery(userId)), findings);
    const maxCost = answer.published('maxCost');
    await executedQuery(ctx, "the spec's nested sample (depth 5, estimated cost 111)", queryDocument(specSample(userId)), findings);
    const mutation = await refusedMutationLeavesNoTrace(ctx, 'cost', costlyMutation(), findings);
    const limit = maxCost === undefined ? 'limit not published' : `limit ${maxCost}`;
    return judged(findings, `cost ~1051 refused (${answer.status} ${answer.reasons.join(', ')}; ${limit}), the sample executed; ${mutation}`);
  },
};
