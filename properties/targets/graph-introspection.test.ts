import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphFieldExact } from '../graph-field-exact.js';
import { graphRejectedBeforeExecution } from '../graph-rejected-before-execution.js';
import type { Principle } from '../principle.js';
import { runPrinciple } from '../runner.js';
import { scratchFolder } from '../test-kit/scratch-folder.js';
import { parseTarget, TargetError } from './define-target.js';
import { graphSchema, introspectedQueries, overCostQuery } from './graph-introspection.js';
import { PreparedTarget } from './target-session.js';
import type { TargetInput } from './target.js';

const people = buildSchema(`
  type Query {
    person(id: ID!): Person
    people(first: Int): [Person!]!
    byKind(kind: Kind!, page: Int!): Team
    search(filter: Filter!): [Person!]!
    node(id: ID!): Node
    count: Int
  }
  enum Kind { RED BLUE }
  input Filter { name: String }
  interface Node { id: ID! }
  type Person { id: ID! name: String! friends(first: Int): [Person!]! team: Team posts(limit: Int!): [String!]! }
  type Team { name: String! members: [Person!]! }
`);

/** The Yoga example's app, described with nothing but its graph's path and introspect. */
const yoga = (exported: 'default' | 'flawed', graph: Partial<NonNullable<TargetInput['graph']>>) => {
  const file = fileURLToPath(new URL('../../examples/yoga-graph/apisim.config.ts', import.meta.url));
  const input: TargetInput = { name: `yoga-introspected${exported === 'flawed' ? '-flawed' : ''}`, app: { module: './app.ts', export: exported }, graph: { path: '/graphql', introspect: true, ...graph } };
  return PreparedTarget.prepare({ target: parseTarget(input, file), file });
};

/** The Yoga example's schema as an SDL file, as a deployment keeps it beside its code. */
function yogaSdl(): string {
  const file = join(scratchFolder('sdl'), 'schema.graphql');
  writeFileSync(file, 'type Query { person(id: ID!): Person } type Person { id: ID! name: String! friends: [Person!]! }');
  return file;
}

describe('introspectedQueries', () => {
  it('asks each object type\'s first root field, its required scalar and enum arguments filled, with its leaves and its object fields\' leaves', () => {
    expect(introspectedQueries(people)).toEqual({
      Person: '{ person(id: "1") { id name friends { id name } team { name } } }',
      Team: '{ byKind(kind: RED, page: 1) { name members { id name } } }',
    });
  });

  it('leaves out a root field whose required argument is an input object, and one that answers an interface or a scalar', () => {
    const queries = introspectedQueries(buildSchema('type Query { search(filter: Filter!): Person node: Node count: Int } input Filter { a: Int } interface Node { id: ID! } type Person { id: ID! }'));
    expect(queries).toEqual({});
  });
});

describe('overCostQuery', () => {
  it('nests the most list fields the depth allows, asks a list its size where it takes one, and copies the deepest list until over the limit', () => {
    const shop = buildSchema('type Query { shop(id: ID!): Shop } type Shop { name: String owner: Person orders(first: Int): [Order!]! } type Order { id: ID! lines: [Line!]! } type Line { sku: String } type Person { id: ID! }');
    // shop 1, orders 10, each order's lines priced at 1 item: 1 + 10 + 10 per copy.
    expect(overCostQuery(shop, 40, undefined)).toEqual({
      query: '{ shop(id: "1") { orders(first: 10) { c0: lines { sku } c1: lines { sku } c2: lines { sku } } } }',
      path: 'shop.orders.lines',
      cost: 41,
    });
    // Within a depth of 3 (the leaf is the third level), the list of orders is the deepest list.
    expect(overCostQuery(shop, 40, 3)).toMatchObject({ path: 'shop.orders', cost: 41 });
  });

  it('says why no query can be derived: no list within reach, or one too cheap to pass the limit within a query\'s size', () => {
    expect(overCostQuery(buildSchema('type Query { person(id: ID!): Person } type Person { id: ID! friend: Person }'), 10, undefined)).toEqual({
      reason: 'no path of object fields from the schema\'s root fields, at most 5 deep and with arguments that can be filled, reaches a list field',
    });
    expect(overCostQuery(buildSchema('type Query { people: [Person!]! } type Person { id: ID! }'), 1000, undefined)).toEqual({
      reason: 'the dearest list path within 5 levels, people, costs 1 per copy of its deepest list: over the cost limit 1000 only with 1001 copies, more than the 120 a query can hold under a token limit',
    });
  });
});

describe('graphSchema', () => {
  it('reads an SDL file relative to the config, and says why one that is not a schema cannot be read', async () => {
    const folder = scratchFolder('sdl');
    writeFileSync(join(folder, 'schema.graphql'), 'type Query { person(id: ID!): Person } type Person { id: ID! }');
    writeFileSync(join(folder, 'broken.graphql'), 'type Query {');
    const never = () => Promise.reject(new Error('a file is read, not asked'));
    expect(introspectedQueries(await graphSchema('./schema.graphql', join(folder, 'apisim.config.ts'), never))).toEqual({ Person: '{ person(id: "1") { id } }' });
    await expect(graphSchema('./broken.graphql', join(folder, 'apisim.config.ts'), never)).rejects.toThrow(new TargetError('graph.introspect: ./broken.graphql is not a GraphQL schema: Syntax Error: Expected Name, found <EOF>.'));
  });

  it('says what to do when the endpoint does not answer introspection', async () => {
    const refused = () => Promise.resolve(JSON.stringify({ errors: [{ message: 'introspection is disabled' }] }));
    await expect(graphSchema(true, '/nowhere/apisim.config.ts', refused)).rejects.toThrow(/no schema: \[\{"message":"introspection is disabled"\}\] \(a graph that turns introspection off, or whose depth limit refuses the introspection query, can be named by its SDL file/);
  });
});

describe('a graph target that names its schema and writes no query', { timeout: 120_000 }, () => {
  it('derives the Yoga example\'s query from its endpoint, a written one of the same type winning', async () => {
    expect((await yoga('flawed', {})).target.graph?.queries).toEqual({ Person: '{ person(id: "1") { id name friends { id name } } }' });
    expect((await yoga('flawed', { queries: { Person: '{ person(id: "2") { name } }' } })).target.graph?.queries).toEqual({ Person: '{ person(id: "2") { name } }' });
  });

  it('says so when a depth limit refuses the introspection query, and reads the SDL file it is named by instead', async () => {
    await expect(yoga('default', {})).rejects.toThrow(/The operation is 15 fields deep; the limit is 5[\s\S]*or whose depth limit refuses the introspection query, can be named by its SDL file/);
    expect((await yoga('default', { introspect: yogaSdl() })).target.graph?.queries).toEqual({ Person: '{ person(id: "1") { id name friends { id name } } }' });
  });

  it('is checked by the graph principles on what was derived: field-exact and the depth limit hold on the correct app', async () => {
    const sdl = yogaSdl();
    const prepared = await yoga('default', { introspect: sdl, maxDepth: 5 });
    for (const principle of [graphFieldExact, graphRejectedBeforeExecution] as readonly Principle<unknown>[]) expect((await runPrinciple(prepared, principle, { runs: 5, fcSeed: 1, folder: scratchFolder('introspected') })).outcome, principle.name).toBe('pass');
  });

  it('teeth: the app without its depth limit breaks graph-rejected-before-execution, grown from the derived query', async () => {
    const result = await runPrinciple(await yoga('flawed', { maxDepth: 5 }), graphRejectedBeforeExecution, { runs: 5, fcSeed: 1, folder: scratchFolder('introspected') });
    expect(result.outcome).toBe('fail');
    expect(result.problems.join('\n')).toMatch(/fields deep \(declared limit 5\)[\s\S]*resolvers ran/);
  });
});
