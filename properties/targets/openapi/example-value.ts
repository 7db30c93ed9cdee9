import type { RequestSpec } from '../target.js';
import { record, type Schema } from './operations.js';

export type Json = Exclude<RequestSpec['body'], undefined>;

/**
 * A value the schema accepts, the same every time: the description's own example where it gives one (the
 * schema's `example`, `examples`, `default`, `const` or first `enum`), else the least value of its type
 * that keeps its bounds. An object has its required members, or every member the client writes when none
 * is required (`readOnly` ones are the server's); strings are words, and a format the schema names gets a
 * value of that format. A schema that recurses stops at a depth, with what is required up to there.
 */
export function exampleValue(schema: Schema, depth = 0): Json {
  const given = schema.example ?? first(schema.examples) ?? schema.default ?? schema.const ?? first(schema.enum);
  if (given !== undefined) return given as Json;
  const allOf = Array.isArray(schema.allOf) ? schema.allOf.map(record) : [];
  if (allOf.length > 0) return mergedObjects(allOf.map((part) => exampleValue({ ...schema, allOf: undefined, ...part }, depth)));
  const choice = [schema.oneOf, schema.anyOf].find(Array.isArray)?.map(record).find((s) => typeOf(s) !== 'null');
  if (choice !== undefined) return exampleValue(choice, depth);
  switch (typeOf(schema)) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return numberValue(schema, true);
    case 'number':
      return numberValue(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return depth > maxDepth ? [] : Array.from({ length: count }, () => exampleValue(record(schema.items), depth + 1));
    }
    default:
      return objectValue(schema, depth);
  }
}

/** Deep enough for any body a person writes, shallow enough to end a schema that contains itself. */
const maxDepth = 6;

const first = (list: unknown): unknown => (Array.isArray(list) ? (list as unknown[])[0] : undefined);

/** The members of a body the client writes: the required ones, or all it may write when none is required. */
export function writtenMembers(schema: Schema): string[] {
  const properties = record(schema.properties);
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string' && name in properties) : [];
  if (required.length > 0) return required;
  return Object.entries(properties).filter(([, member]) => record(member).readOnly !== true).map(([name]) => name);
}

function objectValue(schema: Schema, depth: number): Json {
  const properties = record(schema.properties);
  const names = depth > maxDepth ? (Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : []) : writtenMembers(schema);
  return Object.fromEntries(names.map((name) => [name, exampleValue(record(properties[name]), depth + 1)]));
}

function mergedObjects(parts: readonly Json[]): Json {
  const objects = parts.filter((p): p is Record<string, Json> => typeof p === 'object' && p !== null && !Array.isArray(p));
  return objects.length === 0 ? (parts[0] ?? {}) : Object.assign({}, ...objects) as Json;
}

/** The type a schema names: OpenAPI 3.1 may name several (`["string", "null"]`), and the first not null is the one a client writes. */
function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) {
    const types = (schema.type as unknown[]).filter((t): t is string => typeof t === 'string');
    return types.find((t) => t !== 'null') ?? types[0];
  }
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

const formats: Readonly<Record<string, string>> = {
  email: 'user@example.com',
  uuid: '00000000-0000-4000-8000-000000000001',
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  time: '00:00:00Z',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

function stringValue(schema: Schema): string {
  const format = typeof schema.format === 'string' ? formats[schema.format] : undefined;
  if (format !== undefined) return format;
  const least = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const most = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  const word = 'example'.padEnd(least, 'x');
  return word.length <= most ? word : word.slice(0, Math.max(most, 0));
}

function numberValue(schema: Schema, whole: boolean): number {
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : 1;
  // OpenAPI 3.0 writes an exclusive bound as a flag beside minimum; 3.1 (JSON Schema 2020-12) as a number.
  const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : exclusive;
  const above = exclusive !== undefined || schema.exclusiveMinimum === true;
  let value = minimum === undefined ? 1 : Math.ceil(minimum / step) * step;
  if (above && minimum !== undefined && value <= minimum) value += step;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (maximum !== undefined && value > maximum) value = maximum;
  return whole ? Math.ceil(value) : value;
}
