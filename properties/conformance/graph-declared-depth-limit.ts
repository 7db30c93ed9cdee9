import { type DocumentNode, parse, print, stripIgnoredCharacters } from 'graphql';
import { type CheckContext, type Finding, judged, skip, unrun, type Verdict } from './check.js';
import { readGraphAnswer } from './graph-answer.js';
import { deepened, depthOf, recurringStretch, typedQuery } from './graph-deep-query.js';
import { executedQuery, refusedQuery } from './graph-limit-refusal.js';
import { refusedFor } from './graph-refusal-reason.js';
import { postGraph } from './graph-request.js';
import { notRunAsWritten } from './graph-shape.js';
import type { GraphShape } from './service-shape.js';

/**
 * The depth limit on a graph whose schema is not the spec's: the check cannot write its own deep documents,
 * so it grows one of the target's declared queries along a type that comes back below itself
 * (`graph-deep-query.ts`). The grown query is as valid as the declared one; only its depth is wrong, so a
 * missing limit shows as a query that runs. No mutation is sent: the target declares none to grow.
 */

/** A declared query grown along its recurring type, ready to be made as deep as needed. */
interface Growable {
  readonly name: string;
  readonly grown: (times: number) => DocumentNode;
}

const text = (document: DocumentNode): string => stripIgnoredCharacters(print(document));

/**
 * The first declared query, no deeper than the limit, whose answer has a type below itself, or why none has.
 * Each is run once with its types asked for: at most `maxProbes` requests.
 */
async function growable(ctx: CheckContext, graph: GraphShape, maxDepth: number, maxProbes: number): Promise<Growable | string> {
  const why: string[] = [];
  let probes = 0;
  for (const { name, query } of graph.queries) {
    let declared: DocumentNode;
    try {
      declared = parse(query);
    } catch (error) {
      why.push(`the ${name} query does not parse (${(error as Error).message})`);
      continue;
    }
    // A declared query over the limit would be refused whatever it asks for: nothing to grow it from.
    if (depthOf(declared) > maxDepth) {
      why.push(`the ${name} query is ${depthOf(declared)} fields deep, past the limit already`);
      continue;
    }
    if (probes === maxProbes) break;
    probes++;
    const typed = typedQuery(declared);
    const answer = readGraphAnswer(await postGraph(ctx, text(typed)));
    const failed = answer.body === undefined ? `${answer.status} with a body that is not a JSON object` : notRunAsWritten(answer.status, answer.body);
    if (failed !== undefined) {
      why.push(`the ${name} query, with __typename asked for, did not run (${failed.slice(0, 120)})`);
      continue;
    }
    const found = recurringStretch(typed, answer.body?.data);
    if (found === undefined) {
      why.push(`no type of the ${name} query's answer comes back below itself`);
      continue;
    }
    return { name, grown: (times) => deepened(declared, found, times) };
  }
  return why.join('; ');
}

/** How many repeats make the query deeper than `depth` for the first time. */
function timesPast(query: Growable, depth: number): number {
  let times = 0;
  // Each repeat adds at least one field to the path it lies on, so this ends by `depth` repeats.
  while (depthOf(query.grown(times)) <= depth) times++;
  return times;
}

export async function declaredDepthLimit(ctx: CheckContext, graph: GraphShape, maxRequests: number): Promise<Verdict> {
  const premise = `${graph.path} does not serve the spec's schema, so the check grows one of its declared queries`;
  if (graph.queries.length === 0) return skip(`${premise}, and it declares none: declare graph.queries (one that follows a cycle, a person's friends) and graph.maxDepth`);
  const maxDepth = graph.maxDepth;
  if (maxDepth === undefined) return skip(`${premise} past its limit, which it does not declare: declare graph.maxDepth`);

  // Two requests stay for the query past the limit and its twin within it.
  const query = await growable(ctx, graph, maxDepth, maxRequests - 2);
  if (typeof query === 'string') {
    return skip(`${premise}, and none could be grown: ${query}. Declare a query whose answer follows a cycle (a person's friends, a post's author's posts), with data that has one`);
  }
  const findings: Finding[] = [];
  // The declared query is within the limit (`growable`), so at least one repeat is needed to pass it.
  const times = timesPast(query, maxDepth);
  const past = query.grown(times);
  const pastDepth = depthOf(past);
  const answer = await refusedQuery(ctx, `the ${query.name} query grown to ${pastDepth} fields deep (limit ${maxDepth})`, text(past), findings);
  if (findings.length === 0 && !refusedFor(answer, 'depth', graph)) return unrun(`the ${query.name} query grown to ${pastDepth} fields deep was refused, but not for its depth (${answer.status} ${answer.reasons.join(', ').slice(0, 160)})`);
  // The deepest growth within the limit (the declared query itself when one repeat already goes past it):
  // it must run, showing that depth, not the growing, is why the other was refused.
  const within = query.grown(times - 1);
  const withinDepth = depthOf(within);
  const withinWhat = `the ${query.name} query${times > 1 ? ' grown' : ''} at ${withinDepth} fields deep (${withinDepth === maxDepth ? 'the limit' : `limit ${maxDepth}`})`;
  await executedQuery(ctx, withinWhat, text(within), findings);
  return judged(findings, `the ${query.name} query grown to depth ${pastDepth} refused (${answer.status} ${answer.reasons.join(', ')}), at depth ${withinDepth} executed; no mutation sent (the target declares none to grow)`);
}
