import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { shapeProblems } from '../graph-shape.js';
import { type Check, finding, type Finding, judged, skip } from '../check.js';
import { executed as ran, readGraphAnswer } from '../graph-answer.js';
import { queryDocument, shapeOf, specSample } from '../graph-document.js';
import { graphCheck } from '../graph-endpoint.js';
import { getGraph, postGraph, specGraphOf } from '../graph-request.js';
import { userArgument } from '../graph-user-argument.js';

const notFoundCode = 'PERSISTED_QUERY_NOT_FOUND';

/**
 * The GET form of the graph endpoint by hash (spec §4 Area C: "a hash that refers to a pre-registered
 * query"), with Apollo's automatic persisted queries, apisim's choice for the parameters the spec does not
 * show: `extensions={"persistedQuery":{"version":1,"sha256Hash":…}}`, an unknown hash answered with
 * `PERSISTED_QUERY_NOT_FOUND`, registered by sending the query with its hash. Every request carries the
 * description's `graph.headers`: Apollo Server's CSRF prevention refuses a GET without a preflight header.
 */
export const graphPersistedGet: Check = graphCheck({
  name: 'graph/persisted-get-equals-post',
  statement: 'the persisted GET of a query answers the same field-exact data as its POST (spec §4 Area C; Apollo APQ parameters, --persisted-queries)',
  // APQ is an optional protocol the target may not speak: no principle states it (graph-field-exact's
  // GET sends the query itself, not its hash).
  principle: null,
  maxRequests: 1 + 3,
  async run(ctx) {
    const graph = specGraphOf(ctx);
    if (typeof graph === 'string') return skip(graph);
    if (graph.persisted === 'off') return skip('--persisted-queries off');
    const selections = specSample(await userArgument(ctx));
    const query = queryDocument(selections);
    const extensions = { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') } };
    const get = () => getGraph(ctx, `extensions=${encodeURIComponent(JSON.stringify(extensions))}`);

    let byHash = await get();
    let answer = readGraphAnswer(byHash);
    const notApq = !ran(answer) && !answer.reasons.includes(notFoundCode);
    // The POST registers the query; it also tells a GET route that is missing from a graph endpoint that is.
    const posted = await postGraph(ctx, query, undefined, extensions);
    if (notApq) {
      const headers = Object.keys(graph.headers ?? {});
      return skip(`the target does not serve Apollo persisted queries on GET: GET by hash answered ${answer.status} ${answer.reasons.join(', ').slice(0, 160)}${headers.length === 0 ? ' (a CSRF guard wants a header on GET? declare graph.headers, e.g. { "apollo-require-preflight": "true" })' : ` with ${headers.join(', ')}`}`);
    }
    const postAnswer = readGraphAnswer(posted);
    if (!ran(postAnswer)) return skip(`the target did not run the query sent with its hash (a registered-only deployment?): ${postAnswer.status} ${postAnswer.reasons.join(', ')}`);
    if (!ran(answer)) {
      byHash = await get();
      answer = readGraphAnswer(byHash);
    }
    const findings: Finding[] = [];
    if (!ran(answer)) {
      findings.push(finding('the persisted GET did not run the registered query', '200 with `data`, as the POST of the same query', byHash));
    } else {
      const data = answer.body!.data;
      const problems = shapeProblems(data, shapeOf(selections), 'data');
      if (problems.length > 0) findings.push({ what: `persisted GET: ${problems[0]!}`, expected: 'data shaped exactly as the query', got: problems.join('; '), exchange: byHash });
      if (!isDeepStrictEqual(data, postAnswer.body!.data)) findings.push({ what: 'the persisted GET answered other data than the POST of the same query', expected: JSON.stringify(postAnswer.body!.data).slice(0, 160), got: JSON.stringify(data).slice(0, 160), exchange: byHash });
    }
    return judged(findings, `GET by hash answered the same data as POST (${byHash.response.headers['cache-control'] ?? 'no Cache-Control'})`);
  },
});
