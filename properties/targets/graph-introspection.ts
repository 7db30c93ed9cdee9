import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import {
  buildClientSchema, buildSchema, getIntrospectionQuery, getNamedType, type GraphQLArgument, type GraphQLField, type GraphQLNamedType, type GraphQLSchema, type IntrospectionQuery,
  isEnumType, isLeafType, isNonNullType, isObjectType,
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

const firstLine = (error: unknown): string => (error instanceof Error ? error.message.split('\n')[0]! : String(error));
