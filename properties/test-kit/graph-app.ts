import { buildSchema, execute, type FieldNode, GraphQLError, Kind, parse, type SelectionSetNode, specifiedRules, validate, type ValidationRule, visit } from 'graphql';

/**
 * A small graph endpoint written by hand with graphql-js as a fetch app, for the principles' own tests: the
 * correct one, and `normalizing`, a front whose normalizing cache adds `id` and `__typename` to every
 * selection set so that it can key what it stores, and forgets to take them out of the answer. apisim's own
 * origin has no such mode; this shows graph-field-exact has teeth against a guest app.
 */
export const schema = buildSchema(`
  type Query { author(id: ID!): Author }
  type Author { id: ID! name: String! books: [Book!]! }
  type Book { id: ID! title: String! author: Author! }
`);

interface Author { readonly id: string; readonly name: string }
const authors: readonly Author[] = [{ id: '1', name: 'Ursula' }, { id: '2', name: 'Italo' }];
const books = [{ id: '10', title: 'The Dispossessed', authorId: '1' }, { id: '11', title: 'Invisible Cities', authorId: '2' }, { id: '12', title: 'Earthsea', authorId: '1' }];

/** The root resolvers, as graphql-js's `rootValue`: authors and their books, each book's author again, so a query can nest as deep as it likes. */
export const root = {
  author: ({ id }: { id: string }) => authorById(id),
};
function authorById(id: string): unknown {
  const author = authors.find((a) => a.id === id);
  return author === undefined ? null : { ...author, books: () => books.filter((b) => b.authorId === id).map((b) => ({ ...b, author: () => authorById(b.authorId) })) };
}

function withKeyFields(set: SelectionSetNode): SelectionSetNode {
  const field = (name: string): FieldNode => ({ kind: Kind.FIELD, name: { kind: Kind.NAME, value: name } });
  return { ...set, selections: [...set.selections, field('id'), field('__typename')] };
}

/** The objects a selection may resolve, every field that answers one counted once (none here takes a list size); introspection is free. */
function objectsOf(set: SelectionSetNode): number {
  return set.selections.reduce((n, s) => (s.kind !== Kind.FIELD || s.selectionSet === undefined || s.name.value.startsWith('__') ? n : n + 1 + objectsOf(s.selectionSet)), 0);
}

/** A cost limit refusing before execution, with its code and limit, as GraphQL Armor's and apisim's do. */
const costLimit = (maxCost: number): ValidationRule => (context) => ({
  OperationDefinition(operation) {
    const cost = objectsOf(operation.selectionSet);
    if (cost > maxCost) context.reportError(new GraphQLError(`The query has an estimated cost of ${cost}; the maximum cost is ${maxCost}.`, { nodes: operation, extensions: { code: 'QUERY_TOO_COSTLY', maxCost } }));
    return false;
  },
});

export function graphApp(normalizing: boolean, maxCost?: number): { fetch(request: Request): Promise<Response> } {
  return {
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      if (url.pathname !== '/graphql') return new Response('not found', { status: 404 });
      const query = request.method === 'GET' ? url.searchParams.get('query') : ((await request.json()) as { query?: string }).query;
      const reply = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      let document;
      try {
        document = parse(query ?? '');
      } catch (error) {
        return reply(400, { errors: [{ message: String(error) }] });
      }
      const errors = validate(schema, document, maxCost === undefined ? specifiedRules : [...specifiedRules, costLimit(maxCost)]);
      if (errors.length > 0) return reply(400, { errors: errors.map((e) => ({ message: e.message })) });
      // Below the root, every object gets the cache's key fields.
      const sent = normalizing ? visit(document, { Field: { leave: (f) => (f.selectionSet === undefined ? f : { ...f, selectionSet: withKeyFields(f.selectionSet) }) } }) : document;
      const result = await execute({ schema, document: sent, rootValue: root });
      return reply(200, result);
    },
  };
}

export default () => graphApp(false);
export const normalizing = () => graphApp(true);
/** The cost limit the introspected targets claim: the default app claims it and does not enforce it. */
export const graphMaxCost = 20;
/** With a cost limit of `graphMaxCost` objects. */
export const costLimited = () => graphApp(false, graphMaxCost);

export const graphTarget = (exportName: 'default' | 'normalizing') => ({
  name: `graph-${exportName}`,
  app: { module: './graph-app.ts', export: exportName, kind: 'factory' as const },
  graph: {
    queries: {
      Author: '{ author(id: 1) { name books { title author { name } } } }',
      Book: 'query { author(id: 2) { books { id title ... on Book { author { id } } } } }',
    },
    maxDepth: 5,
  },
});

/** The app described by its schema alone (introspection), claiming a cost limit: `costLimited` enforces it, `default` does not. */
export const introspectedGraphTarget = (exportName: 'default' | 'costLimited') => ({
  name: `graph-introspected-${exportName.toLowerCase()}`,
  app: { module: './graph-app.ts', export: exportName, kind: 'factory' as const },
  graph: { introspect: true as const, maxCost: graphMaxCost },
});
