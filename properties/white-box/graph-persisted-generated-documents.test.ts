import { isDeepStrictEqual } from 'node:util';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { SharedCache } from '../../src/cache/shared-cache.js';
import { defaultGraphSettings } from '../../src/graph/endpoint.js';
import { defaultGraphLimits } from '../../src/graph/limits/settings.js';
import { persistedGetPath } from '../../src/graph/persisted/persisted-get-path.js';
import { sha256Hex } from '../../src/graph/persisted/sha256-hex.js';
import { type HttpResponse, request, splitPath } from '../../src/http/message.js';
import { type Caller, callers, describeCaller } from './graph-callers.js';
import { breakages, broken, type BrokenQuery } from './graph-invalid-queries.js';
import { overLimitQueries } from './graph-over-limit-queries.js';
import { withinLimits } from './graph-query-limits.js';
import { printQuery } from './graph-query-print.js';
import { queryTrees } from './graph-query-tree.js';
import { OriginGraph, postBody } from './graph-service.js';
import { replayable } from './replay.js';

/**
 * Asking by hash changes how a query travels, never what it answers (spec §4 Area C, Apollo's automatic
 * persisted queries). The principle graph-persisted-equals-posted
 * (`properties/graph-persisted-equals-posted.ts`) states it for any target, over the queries a description
 * declares and their parts; this check needs the inside for the rest on apisim's own graph: its documents are
 * generated from apisim's schema (accepted ones with variables and operation names, invalid ones, ones over a
 * limit), and the cache it breaks is apisim's own `SharedCache`, put in front of the origin in-process,
 * beside a client that it breaks too. For random sequences of documents (accepted, invalid, over a limit),
 * with their variables and operation names, from random callers, a client does what Apollo Client does
 * through a shared cache: a GET by hash (the first one for an unregistered hash must be
 * PERSISTED_QUERY_NOT_FOUND), then on that miss a POST of the query with its hash, then the GET by hash
 * again. Every answer the client gets for the document has the status and body of a plain POST of it to the
 * origin.
 *
 * The cost budget is off here: it is about how often a caller may ask, and its report in `extensions.cost`
 * (points still available) differs between any two requests by design.
 *
 * Two variants must fail: a cache keyed on the path without its query string (nginx's `proxy_cache_key
 * $host$uri` instead of `$request_uri`), which answers one persisted query with another's response; and a
 * client that builds the persisted GET without the variables.
 */

const limits = defaultGraphLimits;
const accepted = queryTrees({ depth: limits.maxDepth, limit: fc.integer({ min: 0, max: 4 }), objectWeight: 3 }).filter((tree) => withinLimits(printQuery(tree), limits));
/** What a request carries, and what is wrong with it if anything. */
const sent = (query: BrokenQuery): BrokenQuery => ({ text: query.text, variables: query.variables, operationName: query.operationName, broken: query.broken });
const documents = fc.oneof(
  { weight: 4, arbitrary: accepted.map((tree) => sent({ ...printQuery(tree), broken: 'valid' })) },
  { weight: 1, arbitrary: fc.tuple(accepted, breakages).map(([tree, breakage]) => sent(broken(printQuery(tree), breakage))) },
  { weight: 1, arbitrary: overLimitQueries(limits).map((tree) => sent({ ...printQuery(tree), broken: 'over a limit' })) },
);
// Documents by reference, so that a document can be asked again, by the same caller or another.
const runs = fc.record({
  documents: fc.array(documents, { minLength: 1, maxLength: 3 }),
  asks: fc.array(fc.record({ caller: callers, document: fc.nat({ max: 2 }) }), { minLength: 1, maxLength: 3 }),
});
type Run = typeof runs extends fc.Arbitrary<infer T> ? T : never;

/** The origin behind a shared cache (RFC 9111), as a CDN would be: persisted GETs exist so that one can answer them. */
class CachedOrigin {
  readonly origin = new OriginGraph({ graph: { ...defaultGraphSettings, costBudget: { maximumAvailable: Infinity, restoreRate: 1 } } });
  readonly #cache = new SharedCache();
  readonly #keyOf: (path: string) => string;

  constructor(keyOf: (path: string) => string = (path) => path) {
    this.#keyOf = keyOf;
  }

  async send(caller: Caller, method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpResponse> {
    const headers = { ...(await this.origin.credentials(caller)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    const req = request(method, path, headers, body === undefined ? undefined : JSON.stringify(body));
    const lookup = this.#cache.lookup({ ...req, path: this.#keyOf(path) }, 0);
    if (lookup.kind === 'hit') return lookup.response;
    const res = await this.origin.test.handle({ ...lookup.request, path });
    return this.#cache.onResponse(lookup, res, 0).response;
  }
}

/** How the client writes the GET by hash. */
type GetPath = (query: BrokenQuery) => string;
const apolloGetPath: GetPath = (query) => persistedGetPath(query.text, query.operationName, query.variables);
const withoutVariables: GetPath = (query) => persistedGetPath(query.text, query.operationName);

function notFound(res: HttpResponse): boolean {
  const body = JSON.parse(res.body ?? 'null') as { errors?: { extensions?: { code?: string } }[] } | null;
  return res.status === 200 && body?.errors?.[0]?.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND';
}

const answer = (res: HttpResponse) => `${res.status} ${res.body ?? ''}`;

async function persistedEqualsPosted(front: CachedOrigin, getPath: GetPath, run: Run): Promise<void> {
  const registered = new Set<string>();
  const problems: string[] = [];
  for (const [i, ask] of run.asks.entries()) {
    const query = run.documents[ask.document % run.documents.length]!;
    const hash = sha256Hex(query.text);
    const what = `ask ${i + 1}, ${describeCaller(ask.caller)}, ${query.broken}: ${query.text}\n    variables: ${JSON.stringify(query.variables)}, operationName: ${String(query.operationName)}`;
    // What the origin answers the document, sent in full and with no cache between.
    const posted = await front.origin.send(ask.caller, 'POST', '/graphql', postBody(query));
    const answers: [string, HttpResponse][] = [];
    const first = await front.send(ask.caller, 'GET', getPath(query));
    if (notFound(first)) {
      if (registered.has(hash)) problems.push(`${what}\n  the GET by a registered hash answered PERSISTED_QUERY_NOT_FOUND`);
      const extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
      answers.push(['the POST that registers it', await front.send(ask.caller, 'POST', '/graphql', { ...postBody(query), extensions })]);
      registered.add(hash);
      answers.push(['the GET by hash after it', await front.send(ask.caller, 'GET', getPath(query))]);
    } else {
      if (!registered.has(hash)) problems.push(`${what}\n  the first GET of an unregistered hash answered ${answer(first)}, not PERSISTED_QUERY_NOT_FOUND`);
      answers.push(['the GET by hash', first]);
    }
    for (const [how, res] of answers) {
      if (res.status !== posted.status || !isDeepStrictEqual(JSON.parse(res.body ?? 'null'), JSON.parse(posted.body ?? 'null'))) {
        problems.push(`${what}\n  ${how} answered ${answer(res)}\n  the POST answered ${answer(posted)}`);
      }
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/** Asks in a counterexample, and the distinct documents they ask for. */
const sizeOf = (run: Run) => ({ asks: run.asks.length, documents: new Set(run.asks.map((ask) => ask.document % run.documents.length)).size });

const file = 'properties/white-box/graph-persisted-generated-documents.test.ts';

describe('generated documents, persisted = posted: the GET by hash answers what the POST of the document answers', () => {
  test.prop([runs], replayable<[Run]>(file, 100))('through a shared cache, as Apollo Client asks', (run) => persistedEqualsPosted(new CachedOrigin(), apolloGetPath, run));

  test('teeth: a cache keyed without the query string answers one persisted query with another\'s response, in two asks', async () => {
    const pathOnly = (path: string) => splitPath(path).pathname;
    const result = await fc.check(fc.asyncProperty(runs, (run) => persistedEqualsPosted(new CachedOrigin(pathOnly), apolloGetPath, run)), { numRuns: 100, seed: 21 });
    expect(result.failed).toBe(true);
    expect(sizeOf(result.counterexample![0])).toEqual({ asks: 2, documents: 2 });
    expect(String(result.errorInstance)).toMatch(/the first GET of an unregistered hash answered 200/);
  });

  test('teeth: a client that leaves the variables out of the persisted GET is caught in one ask', async () => {
    const result = await fc.check(fc.asyncProperty(runs, (run) => persistedEqualsPosted(new CachedOrigin(), withoutVariables, run)), { numRuns: 100, seed: 21 });
    expect(result.failed).toBe(true);
    expect(sizeOf(result.counterexample![0]).asks).toBe(1);
    expect(String(result.errorInstance)).toMatch(/the GET by hash after it answered/);
  });
});
