import { type Check, type Finding, judged, skip, unrun } from '../check.js';
import { deepMutation, deepQuery, queryDocument } from '../graph-document.js';
import { graphCheck } from '../graph-endpoint.js';
import { got, refusedMutationLeavesNoTrace } from '../graph-limit-refusal.js';
import { BoundarySearch, refusal, refusedForLimit, type Trial } from '../graph-probe.js';
import { graphOf } from '../graph-request.js';
import { userArgument } from '../graph-user-argument.js';
import { declaredDepthLimit } from '../graph-declared-depth-limit.js';

/** Depths tried when the target claims no limit: doubling from the shallowest real view to past any sane limit. */
const escalation = [4, 8, 16, 32, 64];
/** Halvings of the gap between the deepest query that ran and the shallowest refused. */
const bisections = 5;
/** The check's share: the id's type, the escalation, the halvings, and the mutation with its control. */
const maxRequests = 1 + escalation.length + bisections + 2;

const brokenFinding = (trial: Trial): Finding => ({
  what: `${trial.what} got ${trial.outcome.kind === 'broken' ? trial.outcome.why : 'an answer'}`,
  expected: '`errors` and no `data` member: refused before execution',
  got: got(trial.exchange, trial.answer),
  exchange: trial.exchange,
});

export const graphDepthLimit: Check = graphCheck({
  name: 'graph/depth-limit-before-execution',
  statement: 'a query deeper than the depth limit is refused for its depth before execution: errors, no data, and a mutation so refused has no effect (spec §7.3, §8.2)',
  principle: 'graph-rejected-before-execution',
  maxRequests,
  async run(ctx) {
    const graph = graphOf(ctx);
    if (typeof graph === 'string') return skip(graph);
    // Another schema: the check cannot write its own deep documents, so it grows one the target declares.
    if (!graph.specSchema) return declaredDepthLimit(ctx, graph, maxRequests);
    const user = await userArgument(ctx);
    const claimed = graph.maxDepth;
    const search = new BoundarySearch(ctx, graph, 'depth', (depth) => ({ what: `a query ${depth} levels deep`, query: queryDocument(deepQuery(user, depth)) }));

    if (claimed !== undefined) {
      const over = await search.probe(claimed + 1);
      // Over the claim and still run: go on up, to report where the real boundary is.
      if (over.outcome.kind === 'ran') await search.escalate(escalation.filter((d) => d > claimed + 1));
      // `{ user { name } }` is the shallowest query of this schema: a limit under 2 leaves nothing to run.
      else if (claimed >= 2) await search.probe(claimed);
      // The claimed limit itself refused (another limit in the way): how deep a query does run.
      if (search.ran === undefined) await search.bisect(1, bisections);
    } else {
      await search.escalate(escalation);
      // A limit the refusal publishes (apisim: extensions.maxDepth) is tried at once, at and past it.
      const published = search.stopped?.answer.published('maxDepth');
      if (published !== undefined && published >= 2 && published < search.stopped!.at && published >= (search.ran?.at ?? 1)) {
        await search.probe(published + 1);
        await search.probe(published);
      }
      await search.bisect(1, bisections);
    }

    const findings = search.broken().map(brokenFinding);
    const { ran, stopped } = search;
    const depthRefusals = search.refusedForLimit();
    const boundary = `${ran === undefined ? 'no depth ran' : `depth ${ran.at} executed`}, ${stopped === undefined ? 'none was refused' : `depth ${stopped.at} refused (${refusal(stopped)})`}`;
    if (claimed !== undefined) {
      const over = search.trials.get(claimed + 1)!;
      if (over.outcome.kind === 'ran') findings.push({ what: `${over.what} (claimed limit ${claimed}) got a \`data\` member: it was executed`, expected: `refused for its depth: the limit is ${claimed}`, got: `${got(over.exchange, over.answer)}; ${boundary}`, exchange: over.exchange });
      else if (over.outcome.kind === 'refused' && !over.outcome.forLimit && findings.length === 0) {
        return unrun(`${over.what} (past the claimed limit ${claimed}) was refused, but not for its depth (${refusal(over)}); whether the depth limit holds cannot be seen past that limit`);
      }
      const at = search.trials.get(claimed);
      if (refusedForLimit(at)) findings.push({ what: `${at!.what} (the claimed limit) was refused for its depth`, expected: '200 with `data`: the limit is inclusive', got: got(at!.exchange, at!.answer), exchange: at!.exchange });
    } else if (stopped === undefined) {
      findings.push({ what: `${ran!.what} got a \`data\` member: it was executed`, expected: 'refused for its depth: no depth limit refuses it', got: got(ran!.exchange, ran!.answer), exchange: ran!.exchange });
    } else if (depthRefusals.length === 0 && findings.length === 0) {
      return unrun(`no query was refused for its depth: ${boundary}, which is not about depth; past it, whether a depth limit exists cannot be seen over HTTP (name the refusal's code in graph.limitErrors.depth if it is one)`);
    }
    const established = [`${boundary}${claimed === undefined ? '' : ` (claimed limit ${claimed})`}`];
    const firstDepthRefusal = depthRefusals[0];
    if (firstDepthRefusal !== undefined && firstDepthRefusal !== stopped) established.push(`depth ${firstDepthRefusal.at} refused for its depth (${refusal(firstDepthRefusal)})`);
    if (firstDepthRefusal !== undefined) established.push(await refusedMutationLeavesNoTrace(ctx, graph, 'depth', deepMutation(firstDepthRefusal.at), findings));
    return judged(findings, established.join('; '));
  },
});
