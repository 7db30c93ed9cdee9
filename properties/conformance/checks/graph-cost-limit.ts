import { type Check, type Finding, judged, skip, unrun } from '../check.js';
import { objectCount } from '../graph-answer.js';
import { costBoundary, costProbeDepth, costSearchRequests } from '../graph-cost-boundary.js';
import { costlyMutation } from '../graph-document.js';
import { graphCheck } from '../graph-endpoint.js';
import { got, refusedMutationLeavesNoTrace } from '../graph-limit-refusal.js';
import { refusal, refusedForLimit } from '../graph-probe.js';
import { specGraphOf } from '../graph-request.js';
import { userArgument } from '../graph-user-argument.js';

export const graphCostLimit: Check = graphCheck({
  name: 'graph/cost-limit-before-execution',
  statement: 'a query over the cost limit is refused for its cost before execution: errors, no data, and a mutation so refused has no effect (spec §7.3, §8.3)',
  // No principle states a cost limit: a cost is weights times list sizes, which only a schema's own
  // rules know, so it cannot be said of any target the way a declared depth can.
  principle: null,
  maxRequests: 1 + costSearchRequests + 2,
  async run(ctx) {
    const graph = specGraphOf(ctx);
    // Unlike depth, a declared query cannot be grown to a known cost: the cost is the target's weights times its list sizes.
    if (typeof graph === 'string') return skip(ctx.shape.graph === undefined ? graph : `${graph}; a declared query cannot stand in, since its cost depends on weights and list sizes only the target's schema knows`);
    if (graph.maxDepth !== undefined && graph.maxDepth < costProbeDepth) return unrun(`the cost probes are ${costProbeDepth} levels deep, past the claimed depth limit ${graph.maxDepth}`);
    const user = await userArgument(ctx);
    const { ran, stopped, broken, ceiling, note } = await costBoundary(ctx, graph, user);
    const learnt = note === '' ? '' : ` (${note})`;
    const findings: Finding[] = broken.map((t) => ({ what: `${t.what} got ${t.outcome.kind === 'broken' ? t.outcome.why : ''}`, expected: '`errors` and no `data` member, or 200 with `data`', got: got(t.exchange, t.answer), exchange: t.exchange }));
    if (stopped === undefined) {
      const top = ran!;
      const claimed = graph.maxCost === undefined ? '' : `, though a cost limit of ${graph.maxCost} is claimed`;
      findings.push({ what: `no refusal up to the ceiling, ${ceiling}: it got a \`data\` member, it was executed${claimed}`, expected: `refused for its cost at the ceiling or before: the dearest probe the ladders send${learnt}`, got: `${got(top.exchange, top.answer)}, ${objectCount(top.answer.body?.data)} objects`, exchange: top.exchange });
      return judged(findings, '');
    }
    if (!refusedForLimit(stopped)) {
      return findings.length > 0 ? judged(findings, '') : unrun(`no query was refused for its cost: ${stopped.what} was refused for another reason (${refusal(stopped)})${ran === undefined ? '' : `, after ${ran.what} executed`}${learnt}`);
    }
    const published = stopped.answer.published('maxCost');
    const limit = [graph.maxCost === undefined ? undefined : `claimed ${graph.maxCost}`, published === undefined ? undefined : `published ${published}`].filter((s) => s !== undefined).join(', ');
    const boundary = `${ran === undefined ? 'no rung ran' : `${ran.what} executed`}, ${stopped.what} refused (${refusal(stopped)}${limit === '' ? '' : `; limit ${limit}`})${learnt}`;
    const mutation = await refusedMutationLeavesNoTrace(ctx, graph, 'cost', costlyMutation(stopped.rung), findings);
    return judged(findings, `limit enforced before execution: ${boundary}; ${mutation}`);
  },
});
