import fc from 'fast-check';
import { print } from 'graphql';
import { notRunAsWritten, shapeProblems } from './conformance/graph-shape.js';
import type { Target } from './targets/target.js';
import { broken, couldNotRun, held, type Principle, type RunVerdict } from './principle.js';
import { answered, graphAnswer, sendQuery } from './graph-request.js';
import { droppableCount, parseQuery, shapeOfQuery, subSelection } from './graph-selection.js';

export interface FieldExactPlan {
  /** Which declared query: its type's name. */
  readonly type: string;
  /** Which of its droppable fields stay (`subSelection`); shrinks toward the smallest query. */
  readonly keep: readonly boolean[];
  readonly method: 'POST' | 'GET';
}

/** The most fields a plan says keep or drop of: beyond them, the declared query's fields all stay. */
const maxVaried = 40;

/**
 * Spec Area C, GraphQL §7.1: the answer has exactly the shape of the query. Each declared query, and any
 * sub-selection of it (fields left out at random, each selection set keeping one), sent by POST or GET:
 * every object in `data`, at every depth, has exactly the response keys the query selects there, in order
 * (`properties/conformance/graph-shape.ts`, the oracle the conformance checks use). The query must run as
 * written first, 200 with `data` and no error but a FORBIDDEN field, so that a failed query
 * cannot pass vacuously.
 */
export const graphFieldExact: Principle<FieldExactPlan> = {
  name: 'graph-field-exact',
  statement: 'each declared query, and each part of it, is answered with exactly the fields it asks for',

  notApplicable: (target) => (Object.keys(target.graph?.queries ?? {}).length === 0 ? 'it declares no graph queries (graph.queries)' : undefined),

  plan(target: Target) {
    const queries = target.graph?.queries ?? {};
    const longest = Math.min(maxVaried, Math.max(0, ...Object.values(queries).map((q) => droppableCount(parseQuery(q)))));
    return fc.record({
      type: fc.constantFrom(...Object.keys(queries)),
      keep: fc.array(fc.boolean(), { minLength: longest, maxLength: longest }),
      method: fc.constantFrom('POST' as const, 'GET' as const),
    });
  },

  settings: () => ({}),

  async check(run, plan): Promise<RunVerdict> {
    const graph = run.target.graph!;
    const query = subSelection(parseQuery(graph.queries[plan.type]!), plan.keep);
    const text = print(query).replace(/\s+/g, ' ');
    const exchange = await sendQuery(run, graph, text, plan.method);
    const answer = graphAnswer(exchange);
    const sent = `${plan.method} ${graph.path} ${text}`;
    if (answer.body === undefined) return broken(`${sent}: the answer is not a JSON object: ${answered(exchange)}`);
    // GraphQL over HTTP lets a server take queries by GET or not, and Apollo Server's CSRF prevention refuses a GET
    // without a preflight header: a GET refused whole ran no query, so it shows no shape either way.
    if (plan.method === 'GET' && answer.status >= 400 && answer.status < 500 && answer.body.data === undefined) {
      return couldNotRun(`${sent}: the deployment refused the query by GET (${answer.status}), so its shape was not seen; the POSTs are judged`);
    }
    const failed = notRunAsWritten(answer.status, answer.body);
    if (failed !== undefined) return broken(`${sent}: ${failed}`);
    const problems = shapeProblems(answer.body.data, shapeOfQuery(query), 'data');
    if (problems.length > 0) return broken(...problems.map((problem) => `${sent}: ${problem}`));
    // Every field null: any selection matches nothing, so the shape was not seen.
    const data = answer.body.data;
    if (typeof data !== 'object' || data === null || Object.values(data).every((value) => value === null)) return couldNotRun(`${sent}: answered with no field that is not null, so its shape could not be seen: declare a query for data that exists (graph.queries)`);
    return held(`${sent}: answered ${answer.status} in exactly the shape asked for`);
  },
};
