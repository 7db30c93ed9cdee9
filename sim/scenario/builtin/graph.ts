import { persistedGetPath } from '../../../src/graph/persisted/persisted-get-path.js';
import type { BuiltinScenario } from '../builtin-scenario.js';

/** The spec's nested sample (§4 Area C): a user, their latest posts, each post's comments, every author's name. */
export const nestedSampleQuery =
  'query Sample($id: ID!, $limit: Int) { user(id: $id) { name posts(limit: $limit) { title author { name } comments { body author { name } } } } }';

const sampleVariables = { id: '1', limit: 3 };
const persistedPath = persistedGetPath(nestedSampleQuery, 'Sample', sampleVariables);

export const graphScenarios: readonly BuiltinScenario[] = [
  {
    name: 'graph-nested-post',
    summary: 'The nested sample as one POST /graphql: one round trip, only the requested fields come back.',
    build: () => ({ steps: [{ method: 'POST', path: '/graphql', body: { query: nestedSampleQuery, variables: sampleVariables } }], expect: { statuses: [200] } }),
  },
  {
    name: 'graph-partial-failure',
    summary: 'Two aliased users, one asking for 51 posts (over the field\'s 50): that field fails at its path, the other succeeds, status 200 (spec 7.2).',
    build: () => ({
      steps: [{ method: 'POST', path: '/graphql', body: { query: '{ ok: user(id: 1) { name } failed: user(id: 2) { name posts(limit: 51) { title } } }' } }],
      expect: { statuses: [200] },
    }),
  },
  {
    name: 'graph-invalid-field',
    summary: 'A query naming a field the schema does not have is rejected before execution: 400, errors, no data.',
    build: () => ({ steps: [{ method: 'POST', path: '/graphql', body: { query: '{ user(id: 1) { name password } }' } }], expect: { statuses: [400] } }),
  },
  {
    name: 'graph-persisted-get',
    summary: 'The nested sample as a persisted GET: unknown hash, then registered, then served by hash, then a cache hit.',
    build: () => ({
      steps: [
        { method: 'GET', path: persistedPath },
        { method: 'GET', path: `${persistedPath}&query=${encodeURIComponent(nestedSampleQuery)}` },
        { method: 'GET', path: persistedPath },
        { method: 'GET', path: persistedPath },
      ],
      // An unknown hash is answered 200 with PersistedQueryNotFound in errors, as Apollo's APQ does.
      expect: { statuses: [200, 200, 200, 200] },
    }),
  },
  {
    name: 'graph-depth-rejection',
    summary: 'Posts of authors of posts, ten levels down: refused for depth before any resolver runs (400).',
    build: () => ({
      steps: [{ method: 'POST', path: '/graphql', body: { query: '{ user(id: 1) { posts { author { posts { author { posts { author { posts { title } } } } } } } } }' } }],
      expect: { statuses: [400] },
    }),
  },
  {
    name: 'graph-cost-rejection',
    summary: 'Shallow but wide: 50 posts × 50 comments × author is refused by the cost estimate before execution (400).',
    build: () => ({
      steps: [{ method: 'POST', path: '/graphql', body: { query: 'query Wide($n: Int) { user(id: 1) { posts(limit: $n) { comments(limit: $n) { author { name } } } } }', variables: { n: 50 } } }],
      expect: { statuses: [400] },
    }),
  },
  {
    name: 'graph-cost-budget',
    summary: 'The nested sample at limit 10 (cost 221) five times back to back: the fifth exceeds the 1000-point budget (429 THROTTLED, Retry-After); after the wait it runs.',
    build: () => {
      const costly = { method: 'POST', path: '/graphql', body: { query: nestedSampleQuery, variables: { id: '1', limit: 10 } } };
      return { steps: [costly, costly, costly, costly, costly, { ...costly, atUs: 3_000_000 }], expect: { statuses: [200, 200, 200, 200, 429, 200] } };
    },
  },
];
