import { notRunAsWritten, type ObjectShape, shapeProblems } from '../graph-shape.js';
import { type Check, finding, type Finding, judged, skip, unrun } from '../check.js';
import { type GraphAnswer, objectCount, readGraphAnswer } from '../graph-answer.js';
import { aliasedSample, queryDocument, type Selection, shapeOf, smallSample, specSample } from '../graph-document.js';
import { graphCheck } from '../graph-endpoint.js';
import { queryShape } from '../graph-query-shape.js';
import { refusedFor } from '../graph-refusal-reason.js';
import { graphOf, graphUserId, postGraph } from '../graph-request.js';
import type { GraphShape } from '../service-shape.js';
import { userArgument } from '../graph-user-argument.js';
import type { WireExchange } from '../wire.js';

/** The check's share of queries: one each, one smaller stand-in for a query a limit refused. */
const maxQueries = 2;

interface Asked {
  readonly name: string;
  readonly query: string;
  readonly shape: ObjectShape;
  /** A smaller query to compare instead when a depth or cost limit refuses this one. */
  readonly smaller?: Asked;
}

const asked = (name: string, selections: readonly Selection[], smaller?: Asked): Asked => ({ name, query: queryDocument(selections), shape: shapeOf(selections), smaller });

/** A refusal by the depth or cost limit: the target's limits, not its answers' shape, stopped the query. */
const refusedByLimit = (answer: GraphAnswer, graph: GraphShape): boolean => !answer.hasData && (refusedFor(answer, 'depth', graph) || refusedFor(answer, 'cost', graph));

export const graphFieldExact: Check = graphCheck({
  name: 'graph/field-exact',
  statement: 'a graph response has exactly the shape of the query: every requested key (aliases included), in order, and no other (spec §4 Area C rules 1–2)',
  principle: 'graph-field-exact',
  maxRequests: 1 + maxQueries + 1,
  async run(ctx) {
    const graph = graphOf(ctx);
    if (typeof graph === 'string') return skip(graph);
    const findings: Finding[] = [];
    let objects = 0;
    const notes: string[] = [];
    let queries: Asked[];
    if (graph.specSchema) {
      const user = await userArgument(ctx);
      queries = [asked("the spec's nested sample", specSample(user), asked('the spec\'s sample cut to 4 levels and one post', smallSample(user))), asked('aliases and __typename', aliasedSample(user))];
    } else {
      queries = graph.queries.flatMap(({ name, query }) => {
        const shape = queryShape(query);
        return shape === undefined ? [] : [{ name: `the ${name} query`, query, shape }];
      }).slice(0, maxQueries);
    }
    if (queries.length === 0) return skip(`no query to compare: declare graph.queries, each without fragments`);
    for (const first of queries) {
      let next = first;
      let exchange: WireExchange;
      let answer: GraphAnswer;
      for (;;) {
        const { query } = next;
        exchange = await postGraph(ctx, query);
        answer = readGraphAnswer(exchange);
        if (answer.body === undefined || !refusedByLimit(answer, graph)) break;
        // The suite's own query went over the target's limits: a smaller one shows the shape as well.
        notes.push(`${next.name} was refused by a limit (${answer.reasons.join(', ').slice(0, 80)})`);
        if (next.smaller === undefined) return unrun(`${notes.join('; ')}, and there is no smaller query to compare`);
        next = next.smaller;
      }
      const { name, query, shape } = next;
      const notRun = answer.body === undefined ? `the answer is not JSON: ${exchange.response.status}` : notRunAsWritten(answer.status, answer.body);
      if (notRun !== undefined) {
        findings.push(finding(`${name}: ${notRun.slice(0, 80)}`, '200 with `data` and no errors', exchange));
        continue;
      }
      const data = answer.body!.data as Record<string, unknown> | null;
      if (graph.specSchema && data !== null && Object.values(data).every((root) => root === null)) return skip(`user ${graphUserId(ctx)} does not exist on the target, so there is no shape to compare (--graph-user-id)`);
      const problems = shapeProblems(data, shape, 'data');
      objects += objectCount(data);
      if (problems.length > 0) findings.push({ what: `${name}: ${problems[0]!}`, expected: `data shaped exactly as the query: ${query}`, got: problems.join('; '), exchange });
    }
    return judged(findings, `${queries.length} queries, ${objects} objects, each with exactly the requested keys${notes.length === 0 ? '' : ` (${notes.join('; ')}: the smaller one compared)`}`);
  },
});
