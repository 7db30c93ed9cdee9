import { schemaProblems } from '../../conformance/schema-check.js';
import { exampleValue, type Json } from './example-value.js';
import { isSuccess, type Operation, record } from './operations.js';
import { parameterParts, type ParameterValues, validParameters, wrongParameters } from './request-parameters.js';

/**
 * The bodies the schema checks send an operation, one home for both ways they run (the principles, which
 * draw them, and the conformance checks, which send one of each): a body its schema accepts, and requests
 * made wrong (their bodies, or their parameters: `request-parameters.ts`), each checked with ajv to be what
 * it claims.
 */

/**
 * The body a probe sends: the drawn one when ajv agrees the schema accepts it, else the schema's example
 * value when ajv accepts that, else none: a body its own schema refuses is not sent as a valid one.
 */
export function validBody(operation: Operation, drawn?: Json): Json | undefined {
  const body = operation.body;
  if (body === undefined) return undefined;
  for (const candidate of [drawn, body.example as Json | undefined, exampleValue(body.schema)]) {
    if (candidate === undefined) continue;
    const checked = schemaProblems(body.schema, candidate, operation.dialect);
    if (checked.problems.length === 0 && checked.unjudged === undefined) return candidate;
  }
  return undefined;
}

/**
 * How a body is made wrong: not JSON at all; a declared member of the wrong type, or a required one left
 * out (each by its place among the members, taken modulo their number); or right, with members the schema
 * does not declare added (`undeclared`).
 */
export type Breach =
  | { readonly kind: 'not-json' }
  | { readonly kind: 'wrong-type' | 'missing'; readonly member: number }
  | { readonly kind: 'undeclared' }
  /** A required query or header parameter left out, or of the wrong type, the body as its schema accepts it. */
  | { readonly kind: 'parameter-missing' | 'parameter-wrong'; readonly member: number };

/**
 * What a breach sends (the path's query, `?…` or empty, apart), how a verdict names it, and, for undeclared
 * members, the values that must not come back.
 */
export interface Breached {
  readonly request: { readonly body?: Json; readonly rawBody?: string; readonly headers?: Readonly<Record<string, string>> };
  readonly query: string;
  readonly what: string;
  readonly markers?: Readonly<Record<string, string>>;
}

/**
 * The probe's request made wrong, checked with ajv to be refused by its schema; or why this breach cannot be
 * made on it. What the breach leaves alone is valid: a wrong body goes with valid parameters, a wrong
 * parameter with a valid body, so that a refusal is the breach's.
 */
export function breached(operation: Operation, drawn: Json | undefined, breach: Breach, drawnParameters?: ParameterValues): Breached | string {
  const parameters = validParameters(operation, drawnParameters);
  if (breach.kind === 'parameter-missing' || breach.kind === 'parameter-wrong') {
    const wrong = wrongParameters(operation, parameters, breach.kind === 'parameter-missing' ? 'missing' : 'wrong-type', breach.member);
    if (typeof wrong === 'string') return wrong;
    const body = validBody(operation, drawn);
    const { query, headers } = parameterParts(wrong.values);
    return { request: { headers, ...(body === undefined ? {} : { body }) }, query, what: wrong.what };
  }
  const sent = parameterParts(parameters);
  const made = breachedBody(operation, drawn, breach as BodyBreach);
  return typeof made === 'string' ? made : { ...made, request: { ...made.request, headers: { ...sent.headers, ...made.request.headers } }, query: sent.query };
}

type BodyBreach = Exclude<Breach, { readonly kind: 'parameter-missing' | 'parameter-wrong' }>;

/** The body made wrong; or why it cannot be. */
function breachedBody(operation: Operation, drawn: Json | undefined, breach: BodyBreach): Omit<Breached, 'query'> | string {
  if (operation.body === undefined) return 'it takes no JSON body';
  const schema = operation.body.schema;
  const valid = drawn !== undefined && schemaProblems(schema, drawn, operation.dialect).problems.length === 0 ? drawn : exampleValue(schema);
  if (breach.kind === 'not-json') return { request: { rawBody: '{"not json', headers: { 'content-type': 'application/json' } }, what: 'a body that is not JSON' };
  if (typeof valid !== 'object' || valid === null || Array.isArray(valid)) return 'its body is not an object, so no member can be made wrong';
  const properties = record(schema.properties);
  if (breach.kind === 'undeclared') {
    const answered = operation.answers.filter(isSuccess).flatMap((a) => Object.keys(record(a.schema?.properties)));
    const names = [...new Set([...answered.filter((n) => !(n in properties)), 'apisimUndeclared'])];
    const markers = Object.fromEntries(names.map((n) => [n, `apisim-undeclared-${n}`]));
    return { request: { body: { ...valid, ...markers } }, what: `members its schema does not declare (${names.join(', ')})`, markers };
  }
  const candidates = breach.kind === 'missing' ? (Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : []) : Object.keys(properties);
  if (candidates.length === 0) return `its body schema has no ${breach.kind === 'missing' ? 'required member to leave out' : 'member to make wrong'}`;
  const name = candidates[breach.member % candidates.length]!;
  const body: Record<string, Json> = breach.kind === 'missing' ? Object.fromEntries(Object.entries(valid).filter(([n]) => n !== name)) : { ...valid, [name]: wrongType(record(properties[name])) };
  if (schemaProblems(schema, body, operation.dialect).problems.length === 0) return `its schema accepts ${name} ${breach.kind === 'missing' ? 'left out' : 'of any type'}`;
  return { request: { body }, what: breach.kind === 'missing' ? `${name} left out` : `${name} ${JSON.stringify(body[name])}` };
}

/** A value of another type than the member's: a number for a string, a string for anything else. */
const wrongType = (member: Record<string, unknown>): Json => (member.type === 'string' || (Array.isArray(member.type) && member.type.includes('string')) ? 12345 : 'not-a-value-of-its-type');
