import { useAPQ } from '@graphql-yoga/plugin-apq';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { useDepthLimit } from '../../../examples/yoga-graph/depth-limit.js';

interface Person {
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  readonly friendIds: readonly string[];
}

/** Three people, each a friend of the other two; only Alice has given an email. */
const people: readonly Person[] = [
  { id: '1', name: 'Alice', email: 'alice@example.org', friendIds: ['2', '3'] },
  { id: '2', name: 'Bob', email: null, friendIds: ['1', '3'] },
  { id: '3', name: 'Carol', email: null, friendIds: ['1', '2'] },
];

const byId = (id: string): Person | undefined => people.find((p) => p.id === id);

const schema = createSchema({
  typeDefs: /* GraphQL */ `
    type Query {
      person(id: ID!): Person
    }
    type Person {
      id: ID!
      name: String!
      email: String
      friends: [Person!]!
    }
  `,
  resolvers: {
    Query: { person: (_: unknown, { id }: { id: string }) => byId(id) },
    Person: { friends: (person: Person) => person.friendIds.map(byId) },
  },
});

/** Drops every member whose value is null from the answer's `data`, to keep answers small: the field-exact flaw. */
const withoutNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
};
const useCompactData = (): Plugin => ({
  onExecutionResult(payload) {
    const { result } = payload;
    if (result !== undefined && !Array.isArray(result) && 'data' in result && result.data != null) payload.setResult({ ...result, data: withoutNulls(result.data) as Record<string, unknown> });
  },
});

/** Marks every answer to a GET cacheable for a minute, so that a CDN keeps it: the persisted-query flaw, since a "not found" is kept too. */
const useCacheableGets = (): Plugin => ({
  onResponse({ request, response }) {
    if (request.method === 'GET') response.headers.set('cache-control', 'public, max-age=60');
  },
});

type Flaw = 'none' | 'compact-data' | 'cacheable-gets';

/**
 * People on GraphQL Yoga with a depth limit of 5 and Apollo's automatic persisted queries, by
 * `@graphql-yoga/plugin-apq` as its docs add it (it hashes with `crypto.subtle`, real work the world waits
 * for). Each flaw is one plugin more, as a team adds
 * one: `compactData` drops null fields from the answer (Bob's and Carol's `email`), so the answer no longer has
 * the query's shape; `cacheableGets` marks every GET cacheable, the PERSISTED_QUERY_NOT_FOUND of a hash not
 * yet registered included, so that through a shared cache the hash stays "not found" after its POST.
 */
function peopleGraph(flaw: Flaw) {
  return createYoga({
    schema,
    plugins: [
      useDepthLimit(5),
      useAPQ(),
      ...(flaw === 'compact-data' ? [useCompactData()] : []),
      ...(flaw === 'cacheable-gets' ? [useCacheableGets()] : []),
    ],
  });
}

export default () => peopleGraph('none');
export const compactData = () => peopleGraph('compact-data');
export const cacheableGets = () => peopleGraph('cacheable-gets');
