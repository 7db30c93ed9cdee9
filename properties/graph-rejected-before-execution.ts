import fc from 'fast-check';
import { print } from 'graphql';
import { notRefused } from './conformance/graph-answer.js';
import { notRunAsWritten } from './conformance/graph-shape.js';
import type { Principle } from './principle.js';
import { deepened, depthOf, recurringStretch, typedQuery } from './conformance/graph-deep-query.js';
import { answered, graphAnswer, sendQuery } from './graph-request.js';
import { parseQuery } from './graph-selection.js';

export interface RejectedPlan {
  /** The declared query the deep one is grown from: its type's name. */
  readonly type: string;
  /** How many levels past the limit the query goes, at least. */
  readonly beyond: number;
  readonly method: 'POST' | 'GET';
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

/**
 * Spec §8.2, GraphQL §7.1.2: a query deeper than the limit the target declares (`graph.maxDepth`) is refused
 * before execution: `errors` and no `data` member (the status is not judged, GraphQL-over-HTTP allows 200
 * or 4xx; a 5xx is a failure), and no resolver runs. The deep query is grown from a declared one
 * (`properties/conformance/graph-deep-query.ts`), so it is valid and only its depth is wrong: a limit that is
 * missing shows as a query that runs.
 *
 * "No resolver ran" is seen where the target lets it be seen: the app's `state(app)`, when its module
 * exports one (the Yoga example reports its resolver calls; apisim's own origin, its stores), must not move
 * while the deep query is answered. Otherwise the answer alone tells, by having no `data`.
 */
export const graphRejectedBeforeExecution: Principle<RejectedPlan> = {
  name: 'graph-rejected-before-execution',
  statement: 'a query deeper than the declared limit is refused with errors and no data, before any resolver runs',

  notApplicable(target) {
    if (target.graph === undefined || Object.keys(target.graph.queries).length === 0) return 'it declares no graph queries (graph.queries)';
    if (target.graph.maxDepth === undefined) return 'it declares no depth limit (graph.maxDepth)';
    return undefined;
  },

  plan(target) {
    return fc.record({
      type: fc.constantFrom(...Object.keys(target.graph?.queries ?? {})),
      beyond: fc.integer({ min: 1, max: 3 }),
      method: fc.constantFrom('POST' as const, 'GET' as const),
    });
  },

  settings: () => ({}),

  async check(run, plan) {
    const graph = run.target.graph!;
    const maxDepth = graph.maxDepth!;
    const declared = parseQuery(graph.queries[plan.type]!);

    // The declared query, with its types asked for: it must run, or a refusal of the deep one proves nothing.
    const probe = typedQuery(declared);
    const probed = graphAnswer(await sendQuery(run, graph, oneLine(print(probe)), 'POST'));
    const failed = probed.body === undefined ? 'its answer is not a JSON object' : notRunAsWritten(probed.status, probed.body);
    if (failed !== undefined) return [`the declared ${plan.type} query, with __typename asked for, did not run, so no deeper one can be grown from it: ${failed}`];
    const found = recurringStretch(probe, probed.body?.data);
    if (found === undefined) return [`no type of the declared ${plan.type} query comes back below itself, so no deeper valid query can be grown from it: declare a query that follows a cycle (a person's friends, a post's author's posts)`];

    let times = 0;
    while (depthOf(deepened(declared, found, times)) <= maxDepth + plan.beyond - 1) times++;
    const deep = oneLine(print(deepened(declared, found, times)));
    const before = JSON.stringify(run.session.state());
    const exchange = await sendQuery(run, graph, deep, plan.method);
    const after = JSON.stringify(run.session.state());

    const sent = `${plan.method} of a query ${depthOf(parseQuery(deep))} fields deep (declared limit ${maxDepth}): ${deep.length > 200 ? `${deep.slice(0, 200)}…` : deep}`;
    const problems: string[] = [];
    const why = notRefused(graphAnswer(exchange));
    if (why !== undefined) problems.push(`${sent}\n    answered with ${why}: ${answered(exchange)}`);
    if (after !== before) problems.push(`${sent}\n    the app's state moved while it was answered, so resolvers ran: ${before.slice(0, 200)} became ${after.slice(0, 200)}`);
    return problems;
  },
};
