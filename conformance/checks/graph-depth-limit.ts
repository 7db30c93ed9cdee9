import { type Check, type Finding, judged, skip } from '../check.js';
import { deepMutation, deepQuery, queryDocument, specSample } from '../graph-document.js';
import { executedQuery, refusedMutationLeavesNoTrace, refusedQuery } from '../graph-limit-refusal.js';
import { graphOf, graphUserId } from '../graph-request.js';
import { declaredDepthLimit } from '../graph-declared-depth-limit.js';

/** Deeper than any depth limit a deployment of this schema would set when it publishes none (apisim: 7). */
const probeDepth = 25;
/** Boundaries above this are not probed: the documents would be large for no insight. */
const deepestBoundary = 100;
/** The check's share of requests: the spec-schema path sends at most six, and so may the grown one. */
const maxRequests = 6;

export const graphDepthLimit: Check = {
  name: 'graph/depth-limit-before-execution',
  principle: 'a query deeper than the depth limit is refused before execution: errors, no data, and a mutation so refused has no effect (spec §7.3, §8.2)',
  maxRequests,
  async run(ctx) {
    const graph = graphOf(ctx);
    if (typeof graph === 'string') return skip(graph);
    // Another schema: the check cannot write its own deep documents, so it grows one the target declares.
    if (!graph.specSchema) return declaredDepthLimit(ctx, graph, maxRequests);
    const userId = graphUserId(ctx);
    const findings: Finding[] = [];
    const established: string[] = [];
    let maxDepth = graph.maxDepth;
    if (maxDepth === undefined) {
      const answer = await refusedQuery(ctx, `a query ${probeDepth} levels deep`, queryDocument(deepQuery(userId, probeDepth)), findings);
      // The limit is "not shown" by the spec; a target that names it in the refusal (apisim: maxDepth) lets the boundary be checked.
      const published = answer.published('maxDepth');
      maxDepth = published !== undefined && published <= deepestBoundary ? published : undefined;
      established.push(`depth ${probeDepth} refused (${answer.status} ${answer.reasons.join(', ')})`);
    }
    if (maxDepth !== undefined) {
      const answer = await refusedQuery(ctx, `a query ${maxDepth + 1} levels deep (limit ${maxDepth})`, queryDocument(deepQuery(userId, maxDepth + 1)), findings);
      // `{ user { name } }` is the shallowest query of this schema: a limit under 2 leaves nothing to execute.
      if (maxDepth >= 2) await executedQuery(ctx, `a query ${maxDepth} levels deep (the limit)`, queryDocument(deepQuery(userId, maxDepth)), findings);
      established.push(`depth ${maxDepth + 1} refused (${answer.status} ${answer.reasons.join(', ')})${maxDepth >= 2 ? `, depth ${maxDepth} executed` : ''}`);
    } else {
      await executedQuery(ctx, "the spec's nested sample (5 levels)", queryDocument(specSample(userId)), findings);
      established.push("the spec's sample (5 levels) executed; the limit itself is not published (--graph-max-depth)");
    }
    established.push(await refusedMutationLeavesNoTrace(ctx, 'depth', deepMutation((maxDepth ?? probeDepth - 1) + 1), findings));
    return judged(findings, established.join('; '));
  },
};
