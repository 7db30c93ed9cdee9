import fc from 'fast-check';
import { exampleValue, type Json } from './example-value.js';
import { record, type Schema } from './operations.js';

/**
 * Values a schema accepts, drawn by fast-check, so that a body that breaks a service shrinks to the
 * smallest one that still does: strings within their lengths, numbers within their bounds, the optional
 * members of an object present or not, one branch of a choice. What it cannot draw within the schema
 * (a `pattern`, a `format`, `multipleOf`, a schema with no type) is the schema's example value
 * (`exampleValue`), and a value is checked with ajv before it is sent, so a draw the schema refuses is never
 * sent as a valid one.
 */
export function schemaArbitrary(schema: Schema, depth = 0): fc.Arbitrary<Json> {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as Json[]));
  if (schema.const !== undefined || schema.pattern !== undefined || schema.format !== undefined || schema.multipleOf !== undefined) return fc.constant(exampleValue(schema));
  const choices = [schema.oneOf, schema.anyOf].find(Array.isArray)?.map(record);
  if (choices !== undefined && choices.length > 0) return fc.oneof(...choices.map((c) => schemaArbitrary(c, depth)));
  const parts = Array.isArray(schema.allOf) ? schema.allOf.map(record) : [];
  if (parts.length > 0) {
    const own: Schema = { ...schema, allOf: undefined };
    return fc.tuple(...[own, ...parts].map((p) => schemaArbitrary(p, depth))).map(merged);
  }
  switch (typeOf(schema)) {
    case 'string': {
      const minLength = numberAt(schema, 'minLength') ?? 0;
      return fc.string({ minLength, maxLength: Math.min(numberAt(schema, 'maxLength') ?? minLength + 12, minLength + 12) });
    }
    case 'integer':
      return fc.integer({ min: Math.ceil(lower(schema) ?? -1_000_000), max: Math.floor(upper(schema) ?? 1_000_000) });
    case 'number':
      return fc.double({ min: lower(schema) ?? -1e6, max: upper(schema) ?? 1e6, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > maxDepth) return fc.constant(exampleValue(schema, depth));
      const minLength = numberAt(schema, 'minItems') ?? 0;
      return fc.array(schemaArbitrary(record(schema.items), depth + 1), { minLength, maxLength: Math.min(numberAt(schema, 'maxItems') ?? minLength + 3, minLength + 3) });
    }
    case 'object': {
      if (depth > maxDepth) return fc.constant(exampleValue(schema, depth));
      const properties = Object.entries(record(schema.properties)).filter(([, member]) => record(member).readOnly !== true);
      const required = Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : [];
      const model = Object.fromEntries(properties.map(([name, member]) => [name, schemaArbitrary(record(member), depth + 1)]));
      return fc.record(model, { requiredKeys: required.filter((n) => n in model) });
    }
    default:
      return fc.constant(exampleValue(schema, depth));
  }
}

/** As deep as `exampleValue` goes, for the same reason: a schema that contains itself ends. */
const maxDepth = 6;

function typeOf(schema: Schema): string | undefined {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t): t is string => typeof t === 'string');
  if (types.length > 0) return types.find((t) => t !== 'null') ?? types[0];
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

const numberAt = (schema: Schema, key: string): number | undefined => (typeof schema[key] === 'number' ? schema[key] : undefined);

/** The least value allowed; an exclusive bound (3.1's number, 3.0's flag) is stepped past. */
function lower(schema: Schema): number | undefined {
  const exclusive = numberAt(schema, 'exclusiveMinimum');
  if (exclusive !== undefined) return exclusive + 1;
  const minimum = numberAt(schema, 'minimum');
  return minimum !== undefined && schema.exclusiveMinimum === true ? minimum + 1 : minimum;
}

function upper(schema: Schema): number | undefined {
  const exclusive = numberAt(schema, 'exclusiveMaximum');
  if (exclusive !== undefined) return exclusive - 1;
  const maximum = numberAt(schema, 'maximum');
  return maximum !== undefined && schema.exclusiveMaximum === true ? maximum - 1 : maximum;
}

function merged(parts: readonly Json[]): Json {
  const objects = parts.filter((p): p is Record<string, Json> => typeof p === 'object' && p !== null && !Array.isArray(p));
  return objects.length === 0 ? (parts[0] ?? {}) : (Object.assign({}, ...objects) as Json);
}
