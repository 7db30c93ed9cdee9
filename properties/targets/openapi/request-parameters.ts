import fc from 'fast-check';
import { schemaProblems } from '../../conformance/schema-check.js';
import { exampleValue, type Json } from './example-value.js';
import type { Operation, Schema } from './operations.js';
import { schemaArbitrary } from './schema-arbitrary.js';

/** Parameter values by where they go and their name (`query page`, `header x-request-id`). */
export type ParameterValues = Readonly<Record<string, Json>>;

/**
 * Header parameters a client does not send as parameters: OpenAPI says `Accept`, `Content-Type` and
 * `Authorization` so named are ignored (the media types and the security scheme say them).
 */
const ignoredHeaders = new Set(['accept', 'content-type', 'authorization']);

const schemas = new WeakMap<Operation, Schema | undefined>();

/**
 * An operation's query and header parameters as one object schema, a member each (`query page`), the
 * required ones required: so that their values are drawn, made up and checked by the same code as a body's
 * (`schemaArbitrary`, `exampleValue`, ajv), and a failure shrinks to the fewest and smallest of them. The
 * same object for the same operation, so ajv compiles it once. Undefined when it has none.
 */
export function parametersSchema(operation: Operation): Schema | undefined {
  if (schemas.has(operation)) return schemas.get(operation);
  const sent = operation.parameters.filter((p) => p.in === 'query' || (p.in === 'header' && !ignoredHeaders.has(p.name.toLowerCase())));
  const schema = sent.length === 0 ? undefined : {
    type: 'object',
    properties: Object.fromEntries(sent.map((p) => [`${p.in} ${p.name}`, p.schema])),
    required: sent.filter((p) => p.required).map((p) => `${p.in} ${p.name}`),
  };
  schemas.set(operation, schema);
  return schema;
}

/** Values for the operation's parameters, drawn from their schemas: the required ones always, the others or not; none when it has none. */
export const parametersArbitrary = (operation: Operation): fc.Arbitrary<ParameterValues | undefined> => {
  const schema = parametersSchema(operation);
  return schema === undefined ? fc.constant(undefined) : (schemaArbitrary(schema) as fc.Arbitrary<ParameterValues>);
};

/** Whether the operation requires a query or header parameter a client sends. */
export const requiresParameters = (operation: Operation): boolean => ((parametersSchema(operation)?.required ?? []) as readonly string[]).length > 0;

/** The values a request sends: the drawn ones when ajv agrees they keep to their schemas, else example values, which it checks too. */
export function validParameters(operation: Operation, drawn?: ParameterValues): ParameterValues {
  const schema = parametersSchema(operation);
  if (schema === undefined) return {};
  const candidates = [drawn, exampleValue(schema) as ParameterValues].filter((c): c is ParameterValues => c !== undefined && Object.values(c).every(onTheWire));
  return candidates.find((c) => schemaProblems(schema, c, operation.dialect).problems.length === 0) ?? {};
}

/** A value a header or a query can carry as it is: printable ASCII, which a header field may hold untouched. */
const onTheWire = (value: Json): boolean => /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$|^$/.test(text(value));

/** A value as it is written in a query or a header: a list comma-separated in a header, each item its own `name=` in a query (OpenAPI's default styles). */
const text = (value: Json): string => (typeof value === 'string' ? value : typeof value === 'object' && value !== null && !Array.isArray(value) ? JSON.stringify(value) : Array.isArray(value) ? value.map(text).join(',') : String(value));

/** The query (`?page=2&tag=a&tag=b`, or empty) and the headers a request carries its parameters in. */
export function parameterParts(values: ParameterValues): { readonly query: string; readonly headers: Readonly<Record<string, string>> } {
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const [where, name] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
    if (where === 'header') headers[name.toLowerCase()] = text(value);
    else for (const item of Array.isArray(value) ? value : [value]) query.append(name, text(item));
  }
  const written = query.toString();
  return { query: written === '' ? '' : `?${written}`, headers };
}

/**
 * The parameters made wrong, one required parameter at a time (by its place, modulo their number): left
 * out, or given a value of another type, checked by ajv to be refused as the server reads it, a string;
 * or why it cannot be made (no required parameter, or one any string keeps to).
 */
export function wrongParameters(operation: Operation, valid: ParameterValues, kind: 'missing' | 'wrong-type', member: number): { readonly values: ParameterValues; readonly what: string } | string {
  const schema = parametersSchema(operation);
  const required = (schema?.required ?? []) as readonly string[];
  if (schema === undefined || required.length === 0) return 'it has no required query or header parameter';
  const key = required[member % required.length]!;
  if (kind === 'missing') return { values: Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key)), what: `the ${key} parameter left out` };
  const values = { ...valid, [key]: 'not-a-value-of-its-type' };
  if (schemaProblems(schema, values, operation.dialect).problems.length === 0) return `its schema accepts any string as the ${key} parameter`;
  return { values, what: `the ${key} parameter "not-a-value-of-its-type"` };
}
