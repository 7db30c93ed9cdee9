import { type Check, judged, skip, unrun, warned } from '../check.js';
import { executed, objectCount, readGraphAnswer } from '../graph-answer.js';
import { costBoundary, costSearchRequests, rungText } from '../graph-cost-boundary.js';
import { costlyQuery, queryDocument, rungEstimate } from '../graph-document.js';
import { graphCheck } from '../graph-endpoint.js';
import { got } from '../graph-limit-refusal.js';
import { refusal, refusedForLimit } from '../graph-probe.js';
import { refusedFor } from '../graph-refusal-reason.js';
import { postGraph, specGraphOf } from '../graph-request.js';
import { userArgument } from '../graph-user-argument.js';

/**
 * Long enough that the rung below the boundary, so widened, costs more than the refused rung by any list-aware
 * meter: 10 → 50 is 5×, while a rung is at most 4× the one below it (a list rung), 2× (a deep rung), or,
 * the first deep rung, fewer objects than the top list rung.
 */
const longLists = 50;

/**
 * A finding of its own, apart from the principle: the spec asks for weights (§8.3), and a meter that counts
 * each field once whatever its list size (GraphQL Armor's) does enforce a limit before execution, so it
 * passes graph/cost-limit-before-execution. What it does not do is bound the work: the same fields with
 * longer lists cost it nothing more. Shown with the rung below the boundary widened to lists of 50: it runs
 * on such a meter, though by any meter that counts list sizes it costs more than the rung refused.
 */
export const graphCostListSizes: Check = graphCheck({
  name: 'graph/cost-estimate-counts-list-sizes',
  statement: 'the cost estimate grows with list sizes: a query resolving more objects than one refused for its cost is refused too (spec §8.3–8.4; a finding apart from the limit itself)',
  // How the estimate is made, apart from whether the limit holds: no principle states it.
  principle: null,
  maxRequests: 1 + costSearchRequests + 1,
  async run(ctx) {
    const graph = specGraphOf(ctx);
    if (typeof graph === 'string') return skip(graph);
    const user = await userArgument(ctx);
    const { ran, stopped } = await costBoundary(ctx, graph, user);
    if (stopped === undefined || !refusedForLimit(stopped)) return unrun('no query was refused for its cost, so there is no estimate to compare with (graph/cost-limit-before-execution says why)');
    if (ran === undefined) return unrun(`even ${stopped.what} was refused for its cost (${refusal(stopped)})`);
    const refused = stopped.rung;
    const widened = { ...ran.rung, lists: longLists };
    const exchange = await postGraph(ctx, queryDocument(costlyQuery(user, widened)));
    const answer = readGraphAnswer(exchange);
    if (executed(answer)) {
      return warned([{
        what: `the cost estimate ignores list sizes: ${rungText(widened)} executed, resolving ${objectCount(answer.body?.data)} objects, while ${stopped.what} was refused for its cost`,
        expected: `refused for its cost, as the cheaper query was (${rungEstimate(widened)} > ${rungEstimate(refused)} objects by apisim's weights)`,
        got: got(exchange, answer),
        exchange,
      }], '');
    }
    const reasons = `${answer.status} ${answer.reasons.join(', ').slice(0, 120)}`;
    if (!answer.hasData && refusedFor(answer, 'cost', graph)) return judged([], `list sizes count: ${rungText(widened)} refused for its cost (${reasons}), as ${stopped.what} was`);
    return unrun(`${rungText(widened)} neither ran nor was refused for its cost (${reasons}): a cap on limit, say`);
  },
});
