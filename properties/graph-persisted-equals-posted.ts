import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { print } from 'graphql';
import type { Exchange } from '../sim/exchange.js';
import type { GraphTargetSpec, Target } from './targets/target.js';
import type { TargetSession } from './targets/target-session.js';
import { broken, held, type Principle, type RunVerdict } from './principle.js';
import { answered, graphRole } from './graph-request.js';
import { droppableCount, parseQuery, subSelection } from './graph-selection.js';

export interface PersistedDocument {
  /** Which declared query: its type's name. */
  readonly type: string;
  /** Which of its droppable fields stay (`subSelection`). */
  readonly keep: readonly boolean[];
}

export interface PersistedPlan {
  readonly documents: readonly PersistedDocument[];
  /** Each ask names a document by position, so that one can be asked for again. */
  readonly asks: readonly number[];
}

const notFoundCode = 'PERSISTED_QUERY_NOT_FOUND';
/** The most fields a plan says keep or drop of, as graph-field-exact has it. */
const maxVaried = 40;

/**
 * Spec §4 Area C and Apollo's automatic persisted queries, the parameters apisim chose: asking for a query by
 * its hash changes how it travels, never what it answers. A few documents (declared queries and parts of
 * them), asked for in any order and again, as Apollo Client asks through the shared cache: a GET by hash,
 * which for a hash not yet registered must answer PERSISTED_QUERY_NOT_FOUND; on that, a POST of the query
 * with its hash, which runs it and registers it, and the GET by hash again. Every GET by a registered hash,
 * then or in a later ask, has the status, `data` and `errors` of the POST that registered it (`extensions`
 * may differ: a cost report counts what is left, which every request moves). The queries change nothing, so
 * their answers do not move between asks.
 *
 * Only for a target that declares `graph.persisted: "apq"`.
 */
export const graphPersistedEqualsPosted: Principle<PersistedPlan> = {
  name: 'graph-persisted-equals-posted',
  statement: 'a query asked for by its hash is not found until its POST registers it, then answered as that POST was, through the shared cache',

  notApplicable(target) {
    if (target.graph === undefined || Object.keys(target.graph.queries).length === 0) return 'it declares no graph queries (graph.queries)';
    if (target.graph.persisted !== 'apq') return 'it declares no persisted queries (graph.persisted: "apq")';
    return undefined;
  },

  plan(target: Target) {
    const queries = target.graph?.queries ?? {};
    const longest = Math.min(maxVaried, Math.max(0, ...Object.values(queries).map((q) => droppableCount(parseQuery(q)))));
    const document = fc.record({ type: fc.constantFrom(...Object.keys(queries)), keep: fc.array(fc.boolean(), { minLength: longest, maxLength: longest }) });
    return fc.record({ documents: fc.array(document, { minLength: 1, maxLength: 3 }), asks: fc.array(fc.nat({ max: 2 }), { minLength: 1, maxLength: 3 }) });
  },

  settings: () => ({}),

  async check(run, plan): Promise<RunVerdict> {
    const graph = run.target.graph!;
    const seen: string[] = [];
    // What the POST that registered each hash answered: what every GET by that hash must answer too.
    const posted = new Map<string, Exchange>();
    for (const [i, ask] of plan.asks.entries()) {
      const { type, keep } = plan.documents[ask % plan.documents.length]!;
      const query = print(subSelection(parseQuery(graph.queries[type]!), keep)).replace(/\s+/g, ' ');
      const hash = createHash('sha256').update(query).digest('hex');
      const what = `ask ${i + 1}, ${query}`;
      const first = await getByHash(run, graph, hash);
      const registered = posted.get(hash);
      if (codeOf(first) === notFoundCode) {
        if (registered !== undefined) return broken(`${what}: the GET by a registered hash answered ${notFoundCode}`);
        const post = await postWithHash(run, graph, query, hash);
        if (post.response?.status !== 200 || bodyOf(post)?.data === undefined) return broken(`${what}: the POST of the query with its hash did not run it: ${answered(post)}`);
        posted.set(hash, post);
        const again = await getByHash(run, graph, hash);
        // The run ends at the first answer that differs: the counterexample stops where it broke.
        if (!sameAnswer(again, post)) return broken(`${what}: the GET by hash after the POST answered ${answered(again)}, the POST ${answered(post)}`);
        seen.push(`${what}: not found by hash, registered by its POST, then answered by hash as the POST was (${again.response?.status})`);
      } else if (registered === undefined) {
        return broken(`${what}: the first GET of an unregistered hash answered ${answered(first)}, not ${notFoundCode}`);
      } else if (!sameAnswer(first, registered)) {
        return broken(`${what}: the GET by hash answered ${answered(first)}, the POST that registered it ${answered(registered)}`);
      } else {
        seen.push(`${what}: answered by hash as the POST that registered it was (${first.response?.status})`);
      }
    }
    return held(...seen);
  },
};

const persistedQuery = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

function postWithHash(run: TargetSession, graph: GraphTargetSpec, query: string, hash: string): Promise<Exchange> {
  const body = { query, extensions: persistedQuery(hash) };
  return run.send(graphRole(run.target), { method: 'POST', path: graph.path, headers: { ...graph.headers, 'content-type': 'application/json' }, body });
}

function getByHash(run: TargetSession, graph: GraphTargetSpec, hash: string): Promise<Exchange> {
  const path = `${graph.path}?extensions=${encodeURIComponent(JSON.stringify(persistedQuery(hash)))}`;
  return run.send(graphRole(run.target), { method: 'GET', path, headers: { ...graph.headers, accept: 'application/graphql-response+json, application/json' } });
}

interface GraphBody {
  readonly data?: unknown;
  readonly errors?: readonly { readonly message?: unknown; readonly extensions?: { readonly code?: unknown } }[];
}

function bodyOf(exchange: Exchange): GraphBody | undefined {
  try {
    return JSON.parse(exchange.response?.body ?? '') as GraphBody;
  } catch {
    return undefined;
  }
}

const codeOf = (exchange: Exchange): unknown => bodyOf(exchange)?.errors?.[0]?.extensions?.code;

/** The same status, `data` and errors' messages: what the client reads of an answer. */
function sameAnswer(a: Exchange, b: Exchange): boolean {
  const [x, y] = [bodyOf(a), bodyOf(b)];
  const messages = (body: GraphBody | undefined) => body?.errors?.map((e) => e.message);
  return a.response?.status === b.response?.status && isDeepStrictEqual(x?.data, y?.data) && isDeepStrictEqual(messages(x), messages(y));
}
