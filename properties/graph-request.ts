import { type GraphAnswer, graphAnswerOf } from './conformance/graph-answer.js';
import type { Exchange } from '../sim/exchange.js';
import type { Role, TargetSession } from './targets/target-session.js';
import type { GraphTargetSpec, Target } from './targets/target.js';

/** Who asks the graph: the target's user when it declares users (a graph may want a credential), else anyone. */
export const graphRole = (target: Target): Role => (target.users === undefined ? 'anonymous' : 'user');

/**
 * A query as GraphQL-over-HTTP sends it: a JSON body on POST, or the `query` parameter on GET; with the
 * headers the target says every graph request needs (a CSRF guard's preflight header would refuse a GET
 * without one, and the principle would blame the answer's shape).
 */
export function sendQuery(run: TargetSession, graph: GraphTargetSpec, query: string, how: 'POST' | 'GET'): Promise<Exchange> {
  const role = graphRole(run.target);
  const declared = graph.headers ?? {};
  return how === 'POST'
    ? run.send(role, { method: 'POST', path: graph.path, headers: { ...declared, 'content-type': 'application/json' }, body: { query } })
    : run.send(role, { method: 'GET', path: `${graph.path}?query=${encodeURIComponent(query)}`, headers: { ...declared, accept: 'application/graphql-response+json, application/json' } });
}

/**
 * The answer as the conformance checks read one (`properties/conformance/graph-answer.ts`), from a simulated
 * exchange.
 */
export function graphAnswer(exchange: Exchange): GraphAnswer {
  const response = exchange.response;
  let parsed: unknown;
  try {
    parsed = JSON.parse(response?.body ?? '');
  } catch {
    parsed = undefined;
  }
  return graphAnswerOf(response?.status ?? 0, parsed);
}

/** A line for a problem: what was sent and what came back, short. */
export function answered(exchange: Exchange): string {
  const body = exchange.response?.body ?? '';
  return `${exchange.response?.status ?? 'no answer'} ${body.length > 300 ? `${body.slice(0, 300)}…` : body}`;
}
