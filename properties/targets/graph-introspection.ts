import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import {
  buildClientSchema, buildSchema, getIntrospectionQuery, getNamedType, type GraphQLArgument, type GraphQLField, type GraphQLNamedType, type GraphQLSchema, type IntrospectionQuery,
  isEnumType, isLeafType, isListType, isNonNullType, isObjectType,
} from 'graphql';
import { TargetError } from './define-target.js';

/** Sends a query to the target's graph endpoint, in-process: the answer's body, or why there is none. */
export type AskGraph = (query: string) => Promise<string>;

/**
 * The schema a target's graph names (`graph.introspect`): `true` asks the endpoint itself with the standard
 * introspection query; a string is an SDL file relative to the config (`./schema.graphql`), for a graph that
 * turns introspection off in production. A schema that cannot be read is a `TargetError` saying why.
 */
export async function graphSchema(introspect: true | string, configFile: string, ask: AskGraph): Promise<GraphQLSchema> {
  if (introspect !== true) {
    const file = isAbsolute(introspect) ? introspect : resolve(configFile, '..', introspect);
    try {
      return buildSchema(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new TargetError(`graph.introspect: ${introspect} is not a GraphQL schema: ${firstLine(error)}`);
    }
  }
  let answer: { data?: IntrospectionQuery; errors?: unknown };
  try {
    answer = JSON.parse(await ask(getIntrospectionQuery())) as typeof answer;
  } catch (error) {
    throw new TargetError(`graph.introspect: the endpoint's answer to the introspection query is not JSON: ${firstLine(error)}`);
  }
  if (answer.data?.__schema === undefined) throw new TargetError(`graph.introspect: the endpoint answered the introspection query with no schema${answer.errors === undefined ? '' : `: ${JSON.stringify(answer.errors).slice(0, 200)}`} (a graph that turns introspection off, or whose depth limit refuses the introspection query, can be named by its SDL file: introspect: "./schema.graphql")`);
  try {
    return buildClientSchema(answer.data);
  } catch (error) {
    throw new TargetError(`graph.introspect: the endpoint's schema could not be read: ${firstLine(error)}`);
  }
}

/**
 * A query per type, as `graph.queries` writes them, from the schema's root fields: for each field of
 * `Query` that answers an object type, and whose required arguments are scalars or enums (filled with `"1"`,
 * `1`, `true`, the first value), the first such field of that type is asked for with its leaf fields, and
 * each of its object fields with theirs. One level down is enough for the graph principles: field-exactness
 * varies the parts of that selection, and a type that comes back below itself (a person's friends) is the
 * cycle the depth probes grow along, once the data has one.
 */
export function introspectedQueries(schema: GraphQLSchema): Record<string, string> {
  const queries: Record<string, string> = {};
  for (const field of Object.values(schema.getQueryType()?.getFields() ?? {})) {
    const type = getNamedType(field.type);
    if (!isObjectType(type) || queries[type.name] !== undefined) continue;
    const args = argumentsOf(field);
    if (args === undefined) continue;
    const below = askable(type).filter((f) => isObjectType(getNamedType(f.type))).map((f) => `${f.name} ${leavesOf(getNamedType(f.type))}`);
    queries[type.name] = `{ ${field.name}${args} { ${[...leafNames(type), ...below].join(' ') || '__typename'} } }`;
  }
  return queries;
}

/** The fields a query may ask for without an argument of its own. */
const askable = (type: GraphQLNamedType): GraphQLField<unknown, unknown>[] => (isObjectType(type) ? Object.values(type.getFields()).filter((f) => f.args.every(optional)) : []);

const optional = (arg: GraphQLArgument): boolean => !isNonNullType(arg.type) || arg.defaultValue !== undefined;

const leafNames = (type: GraphQLNamedType): string[] => askable(type).filter((f) => isLeafType(getNamedType(f.type))).map((f) => f.name);

const leavesOf = (type: GraphQLNamedType): string => `{ ${leafNames(type).join(' ') || '__typename'} }`;

/** A root field's required arguments as GraphQL writes them, `(id: "1")`; undefined when one cannot be filled (an input object). */
function argumentsOf(field: GraphQLField<unknown, unknown>): string | undefined {
  const filled: string[] = [];
  for (const arg of field.args.filter((a) => !optional(a))) {
    const value = literal(getNamedType(arg.type));
    if (value === undefined) return undefined;
    filled.push(`${arg.name}: ${value}`);
  }
  return filled.length === 0 ? '' : `(${filled.join(', ')})`;
}

/** A value of a scalar or enum, as a literal: the first object of a service's data is most often id 1. */
function literal(type: GraphQLNamedType): string | undefined {
  if (isEnumType(type)) return type.getValues()[0]?.name;
  switch (type.name) {
    case 'Int':
    case 'Float':
      return '1';
    case 'Boolean':
      return 'true';
    default:
      return isLeafType(type) ? '"1"' : undefined;
  }
}

/** A query over a cost limit, the path of fields it nests along, and its cost as `overCostQuery` prices it. */
export type CostProbe = { readonly query: string; readonly path: string; readonly cost: number } | { readonly reason: string };

/** The cost probe nests no more object fields than this, whatever depth the target allows: lists below lists grow fast. */
const deepestCostProbe = 5;
/** Copies of the deepest list field the probe may hold: about 6 tokens each, under a token limit of 1000. */
const mostCopies = 120;
/** Paths the search looks at, at most: a large schema has more within 5 levels than a probe needs to weigh. */
const mostVisited = 20_000;
/** The size a list is asked for where it takes one (`first: 10`). */
const askedListSize = 10;
const sizeArgument = /^(first|last|limit|take|size|pageSize|perPage|count)$/;

interface Step {
  readonly field: GraphQLField<unknown, unknown>;
  readonly args: string;
  /** Items a meter prices this field at: the asked size of a list that takes one, else 1. */
  readonly items: number;
  readonly list: boolean;
}

/**
 * A query whose cost is over `maxCost`, from the schema alone: a path of object fields from a root field of
 * `Query`, within `maxDepth` (and `deepestCostProbe` fields), ending in a list field, holding as many list
 * fields as any such path does, with the deepest list asked for under as many aliases as it takes. Required
 * arguments are filled as the derived queries fill them, and a list's size argument is asked for at
 * `askedListSize`. The cost is the objects the query may resolve: each field that answers an object counts
 * once per item of the lists above it and its own, a list priced at its asked size, or at 1 item where it
 * takes no size, the fewest any meter that counts objects assumes; so the probe is over the limit on any
 * meter that prices objects at least as dearly (a list-aware meter that assumes 10 items prices it higher).
 */
export function overCostQuery(schema: GraphQLSchema, maxCost: number, maxDepth: number | undefined): CostProbe {
  // The leaf below the deepest list is a level too, as depth limits count.
  const depth = Math.min(maxDepth === undefined ? deepestCostProbe : maxDepth - 1, deepestCostProbe);
  let best: readonly Step[] | undefined;
  let visited = 0;
  const score = (path: readonly Step[]): number => path.filter((s) => s.list).length * 1e6 + path.reduce((n, s) => n * s.items, 1);
  const walk = (fields: readonly GraphQLField<unknown, unknown>[], path: readonly Step[]): void => {
    for (const field of fields) {
      const type = getNamedType(field.type);
      const filled = argumentsWithSize(field);
      if (!isObjectType(type) || filled === undefined || ++visited > mostVisited) continue;
      const list = isListType(isNonNullType(field.type) ? field.type.ofType : field.type);
      const here = [...path, { field, args: filled.args, list, items: list ? filled.items : 1 }];
      if (list && (best === undefined || score(here) > score(best))) best = here;
      // Fields that recur are followed again: a list below a list (an author's books' author's books) is what a cost grows along.
      if (here.length < depth) walk(Object.values(type.getFields()), here);
    }
  };
  walk(Object.values(schema.getQueryType()?.getFields() ?? {}), []);
  if (best === undefined) return { reason: `no path of object fields from the schema's root fields, at most ${depth} deep and with arguments that can be filled, reaches a list field` };
  const prices = best.map((_, i) => best!.slice(0, i + 1).reduce((n, s) => n * s.items, 1));
  const above = prices.slice(0, -1).reduce((n, p) => n + p, 0);
  const each = prices.at(-1)!;
  const copies = Math.max(1, Math.floor((maxCost - above) / each) + 1);
  const path = best.map((s) => s.field.name).join('.');
  if (copies > mostCopies) return { reason: `the dearest list path within ${depth} levels, ${path}, costs ${each} per copy of its deepest list: over the cost limit ${maxCost} only with ${copies} copies, more than the ${mostCopies} a query can hold under a token limit` };
  const last = best.at(-1)!;
  // One leaf a copy keeps the probe small: its cost is in the objects, not the fields.
  const leaf = leafNames(getNamedType(last.field.type))[0] ?? '__typename';
  const bottom = Array.from({ length: copies }, (_, i) => `c${i}: ${last.field.name}${last.args} { ${leaf} }`).join(' ');
  const query = best.slice(0, -1).reduceRight((inner, s) => `${s.field.name}${s.args} { ${inner} }`, bottom);
  return { query: `{ ${query} }`, path, cost: above + copies * each };
}

/** A field's required arguments, and its list size when it takes one, as GraphQL writes them; undefined when a required one cannot be filled. */
function argumentsWithSize(field: GraphQLField<unknown, unknown>): { readonly args: string; readonly items: number } | undefined {
  const required = argumentsOf(field);
  if (required === undefined) return undefined;
  const size = field.args.find((a) => optional(a) && sizeArgument.test(a.name) && getNamedType(a.type).name === 'Int');
  if (size === undefined) return { args: required, items: 1 };
  const asked = `${size.name}: ${askedListSize}`;
  return { args: required === '' ? `(${asked})` : `${required.slice(0, -1)}, ${asked})`, items: askedListSize };
}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message.split('\n')[0]! : String(error));
