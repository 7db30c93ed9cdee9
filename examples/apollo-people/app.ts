import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express } from 'express';
import { maxDepthRule } from '../yoga-graph/depth-limit.js';

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

const byId = (id: string): Person | undefined => people.find((p) => p.id === id);

const counters = new WeakMap<Express, { resolverCalls: number }>();

/**
 * People on Apollo Server 5, mounted on Express 5 as Apollo's "Express middleware" guide does: `server.start()`,
 * then `expressMiddleware(server)` at `/graphql` behind `express.json()`. The depth limit is a graphql-js
 * validation rule in `validationRules`, where Apollo's docs put one; the flawed form has none.
 */
async function peopleGraph(maxDepth: number | undefined): Promise<Express> {
  const counter = { resolverCalls: 0 };
  const server = new ApolloServer({
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
    validationRules: maxDepth === undefined ? [] : [maxDepthRule(maxDepth)],
  });
  await server.start();
  const app = express();
  app.use('/graphql', express.json(), expressMiddleware(server));
  counters.set(app, counter);
  return app;
}

export default () => peopleGraph(5);

/** The classic flaw: no depth limit, so a client decides how much work one request costs. */
export const flawed = () => peopleGraph(undefined);

/** How many resolver calls the endpoint ran: how graph-rejected-before-execution sees that none ran. */
export function state(app: Express): { readonly resolverCalls: number } {
  return { resolverCalls: counters.get(app)?.resolverCalls ?? 0 };
}
