import { notRunAsWritten, type ObjectShape, shapeProblems } from '../graph-shape.js';
import { type Check, finding, type Finding, judged, skip } from '../check.js';
import { readGraphAnswer } from '../graph-answer.js';
import { aliasedSample, queryDocument, shapeOf, specSample } from '../graph-document.js';
import { queryShape } from '../graph-query-shape.js';
import { graphOf, graphUserId, postGraph } from '../graph-request.js';

/** Objects in `data`, to say how much was compared. */
function objectCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, item) => n + objectCount(item), 0);
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Object.values(value).reduce((n: number, item) => n + objectCount(item), 0);
}

/** The check's share of requests: one query each. */
const maxQueries = 2;

interface Asked {
  readonly name: string;
  readonly query: string;
  readonly shape: ObjectShape;
}

export const graphFieldExact: Check = {
  name: 'graph/field-exact',
  principle: 'a graph response has exactly the shape of the query: every requested key (aliases included), in order, and no other (spec §4 Area C rules 1–2)',
  maxRequests: maxQueries,
  async run(ctx) {
    const graph = graphOf(ctx);
    if (typeof graph === 'string') return skip(graph);
    const userId = graphUserId(ctx);
    const findings: Finding[] = [];
    let objects = 0;
    const queries: Asked[] = graph.specSchema
      ? [['the spec\'s nested sample', specSample(userId)] as const, ['aliases and __typename', aliasedSample(userId)] as const].map(([name, selections]) => ({ name, query: queryDocument(selections), shape: shapeOf(selections) }))
      : graph.queries.flatMap(({ name, query }) => {
        const shape = queryShape(query);
        return shape === undefined ? [] : [{ name: `the ${name} query`, query, shape }];
      }).slice(0, maxQueries);
    if (queries.length === 0) return skip(`no query to compare: declare graph.queries, each without fragments`);
    for (const { name, query, shape } of queries) {
      const exchange = await postGraph(ctx, query);
      const answer = readGraphAnswer(exchange);
      const notRun = answer.body === undefined ? `the answer is not JSON: ${exchange.response.status}` : notRunAsWritten(answer.status, answer.body);
      if (notRun !== undefined) {
        findings.push(finding(`${name}: ${notRun.slice(0, 80)}`, '200 with `data` and no errors', exchange));
        continue;
      }
      const data = answer.body!.data as Record<string, unknown> | null;
      if (graph.specSchema && data !== null && Object.values(data).every((root) => root === null)) return skip(`user ${userId} does not exist on the target, so there is no shape to compare (--graph-user-id)`);
      const problems = shapeProblems(data, shape, 'data');
      objects += objectCount(data);
      if (problems.length > 0) findings.push({ what: `${name}: ${problems[0]!}`, expected: `data shaped exactly as the query: ${query}`, got: problems.join('; '), exchange });
    }
    return judged(findings, `${queries.length} queries, ${objects} objects, each with exactly the requested keys`);
  },
};
