import { notRunAsWritten, shapeProblems } from '../graph-shape.js';
import { type Check, finding, type Finding, judged, skip } from '../check.js';
import { readGraphAnswer } from '../graph-answer.js';
import { aliasedSample, queryDocument, type Selection, shapeOf, specSample } from '../graph-document.js';
import { graphUserId, postGraph } from '../graph-request.js';

/** Objects in `data`, to say how much was compared. */
function objectCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, item) => n + objectCount(item), 0);
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Object.values(value).reduce((n: number, item) => n + objectCount(item), 0);
}

export const graphFieldExact: Check = {
  name: 'graph/field-exact',
  principle: 'a graph response has exactly the shape of the query: every requested key (aliases included), in order, and no other (spec §4 Area C rules 1–2)',
  maxRequests: 2,
  async run(ctx) {
    const userId = graphUserId(ctx);
    const findings: Finding[] = [];
    let objects = 0;
    const queries: readonly (readonly [string, Selection[]])[] = [['the spec\'s nested sample', specSample(userId)], ['aliases and __typename', aliasedSample(userId)]];
    for (const [name, selections] of queries) {
      const exchange = await postGraph(ctx, queryDocument(selections));
      const answer = readGraphAnswer(exchange);
      const notRun = answer.body === undefined ? `the answer is not JSON: ${exchange.response.status}` : notRunAsWritten(answer.status, answer.body);
      if (notRun !== undefined) {
        findings.push(finding(`${name}: ${notRun.slice(0, 80)}`, '200 with `data` and no errors', exchange));
        continue;
      }
      const data = answer.body!.data as Record<string, unknown> | null;
      if (data !== null && Object.values(data).every((root) => root === null)) return skip(`user ${userId} does not exist on the target, so there is no shape to compare (--graph-user-id)`);
      const problems = shapeProblems(data, shapeOf(selections), 'data');
      objects += objectCount(data);
      if (problems.length > 0) findings.push({ what: `${name}: ${problems[0]!}`, expected: `data shaped exactly as the query: ${queryDocument(selections)}`, got: problems.join('; '), exchange });
    }
    return judged(findings, `${queries.length} queries, ${objects} objects, each with exactly the requested keys`);
  },
};
