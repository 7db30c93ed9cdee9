import { fc, test } from '@fast-check/vitest';
import { type DocumentNode, execute, getOperationAST, OperationTypeNode } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { describe, expect, vi } from 'vitest';
import { type CompileAfterRuns, CompiledOperations } from '../../src/graph/compiled-operations.js';
import { defaultGraphSettings } from '../../src/graph/endpoint.js';
import { defaultGraphLimits } from '../../src/graph/limits/settings.js';
import { graphSchema } from '../../src/graph/schema.js';
import { request } from '../../src/http/message.js';
import { PostsStore } from '../../src/posts/store.js';
import { type Caller, callers, describeCaller } from './graph-callers.js';
import { type Density, denseEndpoint } from './graph-dense-store.js';
import { breakages, broken, type Breakage } from './graph-invalid-queries.js';
import { withinLimits } from './graph-query-limits.js';
import { printQuery } from './graph-query-print.js';
import { type QueryTree, queryTrees } from './graph-query-tree.js';
import { postBody } from './graph-service.js';
import { replayable } from './replay.js';

/**
 * A differential check of apisim's two executors, white-box by nature: the compiled executor (graphql-jit,
 * behind the document cache) answers exactly as graphql-js's `execute` does. For random documents (the
 * field-exact generator's, some with a variable sent with the wrong type), random callers (narrowed tokens
 * make fields FORBIDDEN), stores dense enough to fill lists, a user deleted under their posts (a non-null
 * `author` fails and null bubbles up), and mutations before the query (serial execution, errors on non-null
 * roots), two endpoints on equal stores, one always on graphql-js and one always compiled, must give the same
 * responses to the byte (status, headers, `data`, every error's message, path, locations and order), leave
 * the same last gate-2 decision (what the audit log records) and the same totals, and, where nothing failed,
 * ask the stores the same batches in the same order (the order resolvers run in, as the loaders see it). The
 * variant that must fail: graphql-jit trusted as it is.
 */

/** Mutations a client sends before its query: good ones, and ones that fail on a non-null root field. */
const mutations = [
  'mutation { createPost(title: "new") { id title author { name } comments { id } } }',
  'mutation { createPost(title: "") { id } }',
  'mutation { a: createPost(title: "one") { id } b: addComment(postId: 1, body: "hi") { id body author { name posts(limit: 2) { title } } } }',
  'mutation { a: addComment(postId: 999, body: "lost") { id } b: createPost(title: "after") { id } }',
  'mutation ($t: String!) { createPost(title: $t) { id author { id } } }',
] as const;

interface Run {
  readonly tree: QueryTree;
  readonly caller: Caller;
  readonly density: Density;
  /** A user whose record is deleted while their posts and comments stay. */
  readonly deletedUser: number | undefined;
  readonly mutation: number | undefined;
  /** A variable sent with a value of the wrong type: refused before any resolver, with graphql-js's words. */
  readonly breakage: Breakage | undefined;
}

/** Mostly nothing: `fc.option`'s `freq` would make the odd case the usual one. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, weight: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 10 - weight, arbitrary: fc.constant(undefined) }, { weight, arbitrary });

const limits = defaultGraphLimits;

const runs: fc.Arbitrary<Run> = fc.record({
  // Limits up to 55 now and then, so that a list out of its 0–50 range fails at its path.
  tree: queryTrees({ depth: limits.maxDepth, limit: fc.oneof({ weight: 5, arbitrary: fc.nat({ max: 6 }) }, { weight: 1, arbitrary: fc.integer({ min: 49, max: 52 }) }), objectWeight: 3 })
    .filter((tree) => withinLimits(printQuery(tree), limits)),
  caller: callers,
  density: fc.record({ postsPerAuthor: fc.nat({ max: 5 }), commentsPerPost: fc.nat({ max: 4 }) }),
  deletedUser: rarely(fc.integer({ min: 1, max: 3 }), 2),
  mutation: rarely(fc.nat({ max: mutations.length - 1 }), 3),
  breakage: rarely(breakages.filter((b) => b.kind === 'wrong variable value'), 2),
});

/** Everything an endpoint said and did for one run, in order. */
interface Transcript {
  readonly responses: string[];
  readonly storeCalls: string[];
  readonly totals: unknown;
}

async function transcript(run: Run, compileAfterRuns: CompileAfterRuns): Promise<Transcript> {
  const storeCalls: string[] = [];
  const posts = new PostsStore();
  const service = denseEndpoint(run.density, posts, { ...defaultGraphSettings, compileAfterRuns });
  if (run.deletedUser !== undefined) service.users.delete(run.deletedUser);
  const { users } = service;
  const logged = <A extends unknown[], R>(name: string, call: (...args: A) => R) => (...args: A): R => {
    storeCalls.push(`${name} ${JSON.stringify(args)}`);
    return call(...args);
  };
  users.usersByIds = logged('usersByIds', users.usersByIds.bind(users));
  posts.postsByAuthors = logged('postsByAuthors', posts.postsByAuthors.bind(posts));
  posts.commentsByPosts = logged('commentsByPosts', posts.commentsByPosts.bind(posts));

  const bodies: unknown[] = [];
  if (run.mutation !== undefined) bodies.push({ query: mutations[run.mutation], variables: { t: 'from a variable' } });
  const printed = printQuery(run.tree);
  const query = run.breakage === undefined ? printed : broken(printed, run.breakage);
  // Twice: the second comes from the document cache.
  bodies.push(postBody(query), postBody(query));
  const responses: string[] = [];
  for (const body of bodies) {
    const guard = service.guardFor(run.caller);
    const res = await service.endpoint.handle(request('POST', '/graphql', { 'content-type': 'application/json' }, JSON.stringify(body)), guard);
    // The last gate-2 decision is what the audit log records for the request.
    responses.push(`${res.status} ${JSON.stringify(res.headers)} ${res.body ?? ''}\n  last decision: ${JSON.stringify(guard.decision)}`);
    // graphql-js answers once a null has bubbled to a nullable field and leaves the fields beside it running
    // detached; their batches land whenever the loaders next dispatch. Both sides let them land here.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { responses, storeCalls, totals: { ...service.endpoint.totals(), documentHits: undefined } };
}

/** `compiledWith` wraps the compiled side's run: where a variant that must fail takes over. */
async function executorsAgree(run: Run, compiledWith: (side: () => Promise<Transcript>) => Promise<Transcript> = (side) => side()): Promise<void> {
  const reference = await transcript(run, 'never');
  const compiled = await compiledWith(() => transcript(run, 0));
  const where = `\n  query: ${printQuery(run.tree).text}\n  caller: ${describeCaller(run.caller)}`;
  expect(compiled.responses, `responses${where}`).toEqual(reference.responses);
  // A compiled run that meets an error is a trial thrown away: its reads are extra, and change nothing.
  if (reference.responses.every((response) => !response.includes('"errors"'))) expect(compiled.storeCalls, `store calls${where}`).toEqual(reference.storeCalls);
  expect(compiled.totals, `totals${where}`).toEqual(reference.totals);
}

const file = 'properties/white-box/graph-executors-agree.test.ts';

describe('the compiled executor answers exactly as graphql-js does', () => {
  test.prop([runs], replayable<[Run]>(file, 300))('same responses, counts and store batches, whoever asks, whatever the store holds', (run) => executorsAgree(run));

  test('teeth: graphql-jit trusted as it is, with no graphql-js when a field fails, is caught', async () => {
    const compiledForms = new WeakMap<DocumentNode, ReturnType<typeof compileQuery<Record<string, unknown>, Record<string, unknown>>>>();
    const trusting = async (side: () => Promise<Transcript>): Promise<Transcript> => {
      const trusted = vi.spyOn(CompiledOperations.prototype, 'run').mockImplementation((document, params, context) => {
        const compiled = compiledForms.get(document) ?? compileQuery<Record<string, unknown>, Record<string, unknown>>(graphSchema, document, params.operationName);
        compiledForms.set(document, compiled);
        if (!isCompiledQuery(compiled) || getOperationAST(document, params.operationName)?.operation !== OperationTypeNode.QUERY) {
          return execute({ schema: graphSchema, document, variableValues: params.variables, operationName: params.operationName, contextValue: context });
        }
        return compiled.query(undefined, context, params.variables ?? {});
      });
      try {
        return await side();
      } finally {
        trusted.mockRestore();
      }
    };
    const result = await fc.check(fc.asyncProperty(runs, (run) => executorsAgree(run, trusting)), { numRuns: 300, seed: 18 });
    expect(result.failed).toBe(true);
  });
});
