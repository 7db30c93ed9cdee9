import { createSchema, createYoga } from 'graphql-yoga';
import { useDepthLimit } from './depth-limit.js';

export interface GraphOptions {
  /** The deepest operation the endpoint runs, in fields; `undefined` runs any depth. */
  readonly maxDepth: number | undefined;
}

interface Person {
  readonly id: string;
  readonly name: string;
  readonly friendIds: readonly string[];
}

/** Three people, each a friend of the other two: every level of `friends` doubles the people to resolve. */
const people: readonly Person[] = [
  { id: '1', name: 'Alice', friendIds: ['2', '3'] },
  { id: '2', name: 'Bob', friendIds: ['1', '3'] },
  { id: '3', name: 'Carol', friendIds: ['1', '2'] },
];

const typeDefs = /* GraphQL */ `
  type Query {
    person(id: ID!): Person
  }
  type Person {
    id: ID!
    name: String!
    friends: [Person!]!
  }
`;

// The server `createYoga` makes with no context of our own: a fetch handler, and a Node listener too.
type Graph = ReturnType<typeof createYoga>;

const counters = new WeakMap<Graph, { resolverCalls: number }>();

/** A graph endpoint on GraphQL Yoga. The default is the correct form, with a depth limit; `flawed` has none. */
export default function createApp(options: GraphOptions = { maxDepth: 5 }): Graph {
  // The work the endpoint did: every call of a resolver below.
  const counter = { resolverCalls: 0 };
  const byId = (id: string): Person | undefined => people.find((p) => p.id === id);

  const yoga = createYoga({
    schema: createSchema({
      typeDefs,
      resolvers: {
        Query: {
          person: (_: unknown, { id }: { id: string }) => {
            counter.resolverCalls += 1;
            return byId(id);
          },
        },
        Person: {
          friends: (person: Person) => {
            counter.resolverCalls += 1;
            return person.friendIds.map(byId);
          },
        },
      },
    }),
    plugins: options.maxDepth === undefined ? [] : [useDepthLimit(options.maxDepth)],
  });
  counters.set(yoga, counter);
  return yoga;
}

/** The classic flaw: no depth limit, so a client decides how much work one request costs. */
export const flawed = (): Graph => createApp({ maxDepth: undefined });

/** How many resolver calls the endpoint ran: what a run reports as the app's final state. */
export function state(app: Graph): { readonly resolverCalls: number } {
  return { resolverCalls: counters.get(app)?.resolverCalls ?? 0 };
}
