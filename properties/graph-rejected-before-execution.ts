import fc from 'fast-check';
import { print } from 'graphql';
import { type GraphAnswer, notRefused } from './conformance/graph-answer.js';
import type { Exchange } from '../sim/exchange.js';
import { type LimitName, refusedFor } from './conformance/graph-refusal-reason.js';
import { overCostQuery } from './targets/graph-introspection.js';
import { specSchema } from './targets/conformance-shape.js';
import type { TargetSession } from './targets/target-session.js';
import { notRunAsWritten } from './conformance/graph-shape.js';
import { broken, couldNotRun, held, type Principle, type RunVerdict } from './principle.js';
import { deepened, depthOf, recurringStretch, typedQuery } from './conformance/graph-deep-query.js';
import { answered, graphAnswer, sendQuery } from './graph-request.js';
import { parseQuery } from './graph-selection.js';

export interface RejectedPlan {
  /** Which limit the probe goes past: the cost one only on a graph whose queries come from its schema and that claims a cost limit. */
  readonly limit: 'depth' | 'cost';
  /** The declared query the deep one is grown from: its type's name. */
  readonly type: string;
  /** How many levels past the limit the query goes, at least. */
  readonly beyond: number;
  readonly method: 'POST' | 'GET';
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

/** Depths tried when the target declares no limit: doubling, to past any limit a deployment would set. */
const escalation = [4, 8, 16, 32, 64];

/**
 * Spec §8.2, GraphQL §7.1.2: a query deeper than the depth limit is refused before execution: `errors` and
 * no `data` member (the status is not judged, GraphQL-over-HTTP allows 200 or 4xx; a 5xx is a failure),
 * refused for its depth (the refusal names it, `graph-refusal-reason.ts`), and no resolver runs. The deep
 * query is grown from a declared one (`properties/conformance/graph-deep-query.ts`), so it is valid and only
 * its depth is wrong: a limit that is missing shows as a query that runs.
 *
 * The limit is the one the target declares (`graph.maxDepth`), probed `beyond` levels past it. A target that
 * declares none is probed at doubling depths up to 64, and the first refusal for depth is the limit judged;
 * with none found, the spec's own graph is broken (the spec asks for a limit), another could not be judged.
 *
 * "No resolver ran" is seen where the target lets it be seen: the app's `state(app)`, when its module
 * exports one (the Yoga example reports its resolver calls; apisim's own origin, its stores), must not move
 * while the deep query is answered. Otherwise the answer alone tells, by having no `data`.
 */
export const graphRejectedBeforeExecution: Principle<RejectedPlan> = {
  name: 'graph-rejected-before-execution',
  statement: 'a query deeper than the depth limit (or, on a graph derived from its schema, dearer than its cost limit) is refused for that limit with errors and no data, before any resolver runs',

  notApplicable(target) {
    if (target.graph === undefined || Object.keys(target.graph.queries).length === 0) return 'it declares no graph queries (graph.queries)';
    return undefined;
  },

  plan(target) {
    const costed = target.graph?.introspect !== undefined && target.graph.maxCost !== undefined;
    return fc.record({
      limit: costed ? fc.constantFrom('depth' as const, 'cost' as const) : fc.constant('depth' as const),
      type: fc.constantFrom(...Object.keys(target.graph?.queries ?? {})),
      beyond: fc.integer({ min: 1, max: 3 }),
      method: fc.constantFrom('POST' as const, 'GET' as const),
    });
  },

  settings: () => ({}),

  async check(run, plan): Promise<RunVerdict> {
    const graph = run.target.graph!;
    if (plan.limit === 'cost') return overCost(run, plan.method);
    const declared = parseQuery(graph.queries[plan.type]!);

    // The declared query, with its types asked for: it must run, or a refusal of the deep one proves nothing.
    const probe = typedQuery(declared);
    const probeExchange = await sendQuery(run, graph, oneLine(print(probe)), 'POST');
    const probed = graphAnswer(probeExchange);
    // No graph at all where the target says one is: its claim is wrong, as every graph check reports it.
    if (probed.status === 404 && probed.body?.data === undefined && probed.body?.errors === undefined) return broken(`no graph endpoint at ${graph.path}: the declared ${plan.type} query was answered ${answered(probeExchange)}`);
    const failed = probed.body === undefined ? 'its answer is not a JSON object' : notRunAsWritten(probed.status, probed.body);
    if (failed !== undefined) return couldNotRun(`the declared ${plan.type} query, with __typename asked for, did not run, so no deeper one can be grown from it: ${failed}`);
    const found = recurringStretch(probe, probed.body?.data);
    if (found === undefined) return couldNotRun(`no type of the declared ${plan.type} query's answer comes back below itself, so no deeper valid query can be grown from it: declare a query that follows a cycle (a person's friends, a post's author's posts), with data that has one`);
    const grown = (depth: number): string => {
      let times = 0;
      while (depthOf(deepened(declared, found, times)) < depth) times++;
      return oneLine(print(deepened(declared, found, times)));
    };

    const claimed = graph.maxDepth;
    const depths = claimed === undefined ? escalation : [claimed + plan.beyond];
    for (const depth of depths) {
      const deep = grown(depth);
      const sent = `${plan.method} of a query ${depthOf(parseQuery(deep))} fields deep (${claimed === undefined ? 'no limit declared' : `declared limit ${claimed}`}): ${shortened(deep)}`;
      const { exchange, answer, moved } = await answerTo(run, deep, plan.method);
      // Run, with no limit declared: deeper, until refused or past any sane limit.
      if (claimed === undefined && notRefused(answer) !== undefined && answer.hasData && answer.status < 500) continue;
      // No answer at all, with no limit declared: the query neither ran nor was refused where the client could
      // see it (a deep answer too long for its patience), which is as far as the escalation gets.
      if (claimed === undefined && exchange.response === undefined) return undeclared(run, `${sent}\n    got no answer`);
      return judged(run, 'depth', sent, exchange, answer, moved);
    }
    return undeclared(run, `a query ${escalation.at(-1)} fields deep grown from the declared ${plan.type} query ran`);
  },
};

const shortened = (query: string): string => (query.length > 200 ? `${query.slice(0, 200)}…` : query);

/** `query` sent, with what the app's state did while it was answered (a move means resolvers ran). */
async function answerTo(run: TargetSession, query: string, method: RejectedPlan['method']) {
  const before = JSON.stringify(run.session.state());
  const exchange = await sendQuery(run, run.target.graph!, query, method);
  const after = JSON.stringify(run.session.state());
  return { exchange, answer: graphAnswer(exchange), moved: after === before ? undefined : `${before.slice(0, 200)} became ${after.slice(0, 200)}` };
}

/** An answer to a query past `limit`: refused for it, with no data and the state unmoved, or why not. */
function judged(run: TargetSession, limit: LimitName, sent: string, exchange: Exchange, answer: GraphAnswer, moved: string | undefined): RunVerdict {
  const why = notRefused(answer);
  const problems: string[] = [];
  if (why !== undefined) problems.push(`${sent}\n    answered with ${why}: ${answered(exchange)}`);
  if (moved !== undefined) problems.push(`${sent}\n    the app's state moved while it was answered, so resolvers ran: ${moved}`);
  if (problems.length > 0) return broken(...problems);
  const reasons = `${answer.status} ${answer.reasons.join(', ').slice(0, 160)}`;
  if (!refusedFor(answer, limit, run.target.graph!)) return couldNotRun(`${sent}\n    was refused, but not for its ${limit} (${reasons}): past that refusal, whether a ${limit} limit holds cannot be seen (name the refusal's code in graph.limitErrors.${limit} if it is one)`);
  return held(`${sent}: refused for its ${limit} (${reasons})${run.session.state() === undefined ? '' : ', the app\'s state unmoved'}`);
}

/**
 * The cost probe, on a graph whose queries come from its schema and that claims a cost limit: a query
 * nesting list fields, derived from the schema (`overCostQuery`, which documents how it is priced), over the
 * claimed limit, must be refused for its cost as a deep one is for its depth.
 */
async function overCost(run: TargetSession, method: RejectedPlan['method']): Promise<RunVerdict> {
  const graph = run.target.graph!;
  const schema = run.prepared.graphSchema;
  if (schema === undefined || graph.maxCost === undefined) return couldNotRun('the cost probe is derived from the schema graph.introspect names, with the cost limit graph.maxCost claims');
  const probe = overCostQuery(schema, graph.maxCost, graph.maxDepth);
  if ('reason' in probe) return couldNotRun(`no query over the cost limit ${graph.maxCost} can be derived from the schema: ${probe.reason}`);
  const sent = `${method} of a query costing ${probe.cost} objects along ${probe.path} (declared cost limit ${graph.maxCost}): ${shortened(probe.query)}`;
  const { exchange, answer, moved } = await answerTo(run, probe.query, method);
  return judged(run, 'cost', sent, exchange, answer, moved);
}

/** The escalation found no refusal: the spec's graph is broken (the spec asks for a limit), another could not be judged. */
function undeclared(run: TargetSession, seen: string): RunVerdict {
  return specSchema(run.target)
    ? broken(`${seen}: the spec's graph refuses a query past its depth limit (spec §8.2), and no depth it tried was refused`)
    : couldNotRun(`${seen}, and the target declares no depth limit: declare graph.maxDepth if it has one`);
}
