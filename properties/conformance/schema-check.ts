import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';

/**
 * The schema oracle: whether an answer or a body keeps to what an OpenAPI description documents, judged by
 * ajv. It lives with the suite, which imports nothing of apisim, so that the conformance checks and the
 * schema principles (`properties/`) judge by the one copy; what it needs of a description is the plain
 * data below.
 */

/** A JSON Schema as a description holds it, references already resolved. */
export type Schema = Readonly<Record<string, unknown>>;

/** Which JSON Schema a description's schemas are written in: OpenAPI 3.1's is 2020-12, 3.0's and Swagger 2's a draft-04 dialect. */
export type SchemaDialect = '2020-12' | 'openapi-3.0';

/** One answer an operation documents. */
export interface DocumentedAnswer {
  /** As the description keys it: `201`, `2XX` or `default`. */
  readonly status: string;
  /** The JSON body's schema; undefined when the answer has no body or none in JSON. */
  readonly schema: Schema | undefined;
}

/** What an operation documents of its answers, as the oracle judges them. */
export interface DocumentedOperation {
  readonly answers: readonly DocumentedAnswer[];
  readonly dialect: SchemaDialect;
}

/** A value as an object's members, or none when it is not an object. */
export const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

// ajv-formats is CommonJS whose typings name a default export its module does not have under Node's ESM.
const addFormats = createRequire(import.meta.url)('ajv-formats') as <Validator extends Ajv | Ajv2020>(ajv: Validator) => Validator;

/**
 * One validator per dialect. The descriptions' schemas carry OpenAPI's own keywords (`example`,
 * `discriminator`, `xml`), so ajv is not strict about unknown ones; a component's `$id` met in two compiled
 * schemas is not a clash (`addUsedSchema: false`); every error is reported, not the first.
 */
const options = { strict: false, allErrors: true, validateSchema: false, addUsedSchema: false } as const;
const validators: Readonly<Record<SchemaDialect, Ajv | Ajv2020>> = {
  '2020-12': addFormats(new Ajv2020(options)),
  'openapi-3.0': addFormats(new Ajv(options)),
};
const compiled = new WeakMap<Schema, ValidateFunction | string>();

/**
 * Why a value does not keep to a schema, one line per problem; empty when it does. A schema ajv cannot
 * compile (one that contains itself, a keyword of a dialect it does not speak) judges nothing: `unjudged`.
 */
export function schemaProblems(schema: Schema, value: unknown, dialect: SchemaDialect): { readonly problems: string[]; readonly unjudged?: string } {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    try {
      validate = validators[dialect].compile(schema);
    } catch (error) {
      validate = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    }
    compiled.set(schema, validate);
  }
  if (typeof validate === 'string') return { problems: [], unjudged: `its schema could not be compiled (${validate})` };
  if (validate(value)) return { problems: [] };
  return { problems: (validate.errors ?? []).map((e) => `${e.instancePath === '' ? 'the body' : `the body's ${e.instancePath}`} ${e.message ?? 'is not valid'}${e.keyword === 'enum' ? ` (${JSON.stringify(e.params)})` : ''}`) };
}

/**
 * The members of a value its schema does not declare, by where they are (`/owner/secret`). JSON Schema lets
 * an object carry members it does not name unless `additionalProperties` says otherwise, and the
 * frameworks' documents say nothing of it; an answer that carries one says more than its description does,
 * which is how a field that should never leave the service (a hash, another user's id) looks. So a member
 * is undeclared when its object's schema names members and neither `additionalProperties` nor
 * `patternProperties` admits others. Choices (`oneOf`, `anyOf`) are not looked into: which branch holds is
 * ajv's to say.
 */
export function undeclaredMembers(schema: Schema, value: unknown, at = ''): string[] {
  if (Array.isArray(value)) {
    const items = record(schema.items);
    return Object.keys(items).length === 0 ? [] : value.flatMap((v, i) => undeclaredMembers(items, v, `${at}/${i}`));
  }
  if (typeof value !== 'object' || value === null) return [];
  const declared = declaredMembers(schema);
  if (declared === undefined) return [];
  const open = declared.open;
  return Object.entries(value).flatMap(([name, member]) => {
    const own = declared.members[name];
    if (own === undefined) return open ? [] : [`${at}/${name}`];
    return undeclaredMembers(record(own), member, `${at}/${name}`);
  });
}

/** The members an object schema names, its `allOf` parts' too; undefined when it names none or is a choice. */
function declaredMembers(schema: Schema): { readonly members: Record<string, unknown>; readonly open: boolean } | undefined {
  if (schema.oneOf !== undefined || schema.anyOf !== undefined) return undefined;
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf.map(record) : [])];
  const members = Object.assign({}, ...parts.map((p) => record(p.properties))) as Record<string, unknown>;
  if (Object.keys(members).length === 0) return undefined;
  const open = parts.some((p) => (p.additionalProperties !== undefined && p.additionalProperties !== false) || p.patternProperties !== undefined);
  return { members, open };
}

/** The answer an operation documents for a status: the status itself, its range (`4XX`), else `default`. */
export function documentedAnswer<A extends DocumentedAnswer>(operation: { readonly answers: readonly A[] }, status: number): A | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  return operation.answers.find((a) => a.status === exact) ?? operation.answers.find((a) => a.status.toUpperCase() === range) ?? operation.answers.find((a) => a.status === 'default');
}

/** An answer as the schema checks read it. */
export interface ReceivedAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string | undefined;
}

/**
 * What is wrong with an answer held to what its operation documents: a status it does not document, a body
 * that is not the JSON it documents, one its schema refuses, or one with members the schema does not
 * declare. Empty when it keeps to the document; `unjudged` says what could not be looked at.
 */
export function answerProblems(operation: DocumentedOperation, answer: ReceivedAnswer): { readonly problems: string[]; readonly unjudged?: string } {
  const documented = documentedAnswer(operation, answer.status);
  if (documented === undefined) return { problems: [`${answer.status} is not a status it documents (${operation.answers.map((a) => a.status).join(', ') || 'none'})`] };
  const schema = documented.schema;
  const text = answer.body ?? '';
  if (schema === undefined || (text === '' && answer.status === 204)) return { problems: [] };
  if (!/[/+]json\b/i.test(answer.contentType ?? '')) return { problems: [`its ${answer.status} is documented as JSON, and came as ${answer.contentType ?? 'no content type'}: ${excerpt(text)}`] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problems: [`its ${answer.status} body is not JSON: ${excerpt(text)}`] };
  }
  const checked = schemaProblems(schema, value, operation.dialect);
  const undeclared = undeclaredMembers(schema, value).map((where) => `its ${answer.status} body has ${where}, a member its schema does not declare`);
  return { problems: [...checked.problems.map((p) => `its ${answer.status} body: ${p}`), ...undeclared], ...(checked.unjudged === undefined ? {} : { unjudged: checked.unjudged }) };
}

const excerpt = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** The members of an accepted answer's body that hold a marked value, as `owner: "apisim-undeclared-owner"`. */
export function keptMarkers(text: string | undefined, markers: Readonly<Record<string, string>>): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text ?? '');
  } catch {
    return [];
  }
  const values = new Set(Object.values(markers));
  return Object.entries(record(body)).filter(([, value]) => typeof value === 'string' && values.has(value)).map(([name, value]) => `${name}: ${JSON.stringify(value)}`);
}
