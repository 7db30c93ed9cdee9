import { type DocumentedAnswer, record, type Schema, type SchemaDialect } from '../../conformance/schema-check.js';
import type { OpenApiDocument } from './document.js';

export { record, type Schema, type SchemaDialect };

/**
 * One operation of a description, the same whatever its version (Swagger 2 and OpenAPI 3.x write bodies,
 * answers and credentials differently): what the derivation needs, and no more.
 */
export interface Operation {
  readonly method: string;
  /** As the description writes it, parameters in braces: `/projects/{projectId}/tasks`. */
  readonly path: string;
  readonly operationId: string | undefined;
  /** Whether a caller needs a credential: a security requirement applies and none of them is empty (`{}`, `security: []`). */
  readonly secured: boolean;
  readonly parameters: readonly Parameter[];
  /** The JSON body's schema and the example the description gives, when it takes a JSON body. */
  readonly body: { readonly schema: Schema; readonly example: unknown } | undefined;
  /** Every answer it documents (`200`, `2XX`, `default`), each with its JSON schema and whether it declares a `Location` header. */
  readonly answers: readonly Answer[];
  /** Which JSON Schema its schemas are written in: OpenAPI 3.1's is 2020-12, 3.0's and Swagger 2's a draft-04 dialect. */
  readonly dialect: SchemaDialect;
}

export interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
  /** Its values' schema, with the parameter's own `example` when the schema gives none (Swagger 2 writes the schema on the parameter itself). */
  readonly schema: Schema;
}

/**
 * An OpenAPI link from an answer to an operation (by `operationId`, or `operationRef` within the document),
 * with how each of its parameters is read: `$response.body#/id`, `$request.path.projectId`.
 */
export interface Link {
  readonly operationId: string | undefined;
  readonly operationRef: string | undefined;
  readonly parameters: Readonly<Record<string, string>>;
}

export interface Answer extends DocumentedAnswer {
  /** Its links to other operations (OpenAPI 3); none in Swagger 2. */
  readonly links: readonly Link[];
  /** Whether it documents a body in a media type that is not JSON (`text/csv`): no JSON schema holds it. */
  readonly otherMedia: boolean;
  readonly location: boolean;
}

/** A success answer: `200`, `2XX`. */
export const isSuccess = (answer: Answer): boolean => /^2(\d\d|XX)$/i.test(answer.status);

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every operation of the document, in the order its paths and their methods are written. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const swagger2 = typeof document.swagger === 'string';
  const globalSecurity = document.security;
  const dialect: SchemaDialect = typeof document.openapi === 'string' && document.openapi.startsWith('3.1') ? '2020-12' : 'openapi-3.0';
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(record(document.paths))) {
    const pathItem = record(item);
    const shared = list(pathItem.parameters);
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!(methods as readonly string[]).includes(method)) continue;
      const op = record(operation);
      const parameters = mergedParameters(shared, list(op.parameters));
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: typeof op.operationId === 'string' ? op.operationId : undefined,
        secured: secured(op.security ?? globalSecurity),
        parameters: parameters.filter((p) => p.in !== 'body').map((p) => ({ name: String(p.name), in: String(p.in), required: p.required === true, schema: parameterSchema(p, swagger2) })),
        body: swagger2 ? swagger2Body(parameters) : jsonBody(record(op.requestBody)),
        answers: Object.entries(record(op.responses)).map(([status, answer]) => answerOf(status, record(answer), swagger2)),
        dialect,
      });
    }
  }
  return operations;
}

/**
 * A requirement list applies unless it is absent or empty; an empty requirement (`{}`) among them says the
 * credential is optional, which for gate 1 is the same as none.
 */
function secured(security: unknown): boolean {
  const requirements = list(security);
  return requirements.length > 0 && requirements.every((r) => Object.keys(record(r)).length > 0);
}

/** An operation's parameters override the path's of the same name and place (OpenAPI, Path Item Object). */
function mergedParameters(shared: readonly unknown[], own: readonly unknown[]): Record<string, unknown>[] {
  const key = (p: Record<string, unknown>) => `${String(p.in)} ${String(p.name)}`;
  const merged = new Map<string, Record<string, unknown>>();
  for (const p of [...shared, ...own].map(record)) merged.set(key(p), p);
  return [...merged.values()];
}

function parameterSchema(parameter: Record<string, unknown>, swagger2: boolean): Schema {
  // Swagger 2 writes the schema's keywords on the parameter, beside what only a parameter has.
  const schema = swagger2 ? Object.fromEntries(Object.entries(parameter).filter(([key]) => !['name', 'in', 'required', 'description'].includes(key))) : record(parameter.schema);
  const example = parameter.example;
  return example === undefined || schema.example !== undefined ? schema : { ...schema, example };
}

function swagger2Body(parameters: readonly Record<string, unknown>[]): Operation['body'] {
  const body = parameters.find((p) => p.in === 'body');
  if (body === undefined) return undefined;
  const schema = record(body.schema);
  return { schema, example: schema.example };
}

function jsonBody(requestBody: Record<string, unknown>): Operation['body'] {
  const media = jsonMedia(record(requestBody.content));
  if (media === undefined) return undefined;
  const schema = record(media.schema);
  return { schema, example: media.example ?? firstExample(media.examples) ?? schema.example };
}

function answerOf(status: string, answer: Record<string, unknown>, swagger2: boolean): Answer {
  const headers = Object.keys(record(answer.headers)).map((h) => h.toLowerCase());
  const content = record(answer.content);
  const schema = swagger2 ? answer.schema : jsonMedia(content)?.schema;
  const otherMedia = !swagger2 && schema === undefined && Object.keys(content).length > 0;
  const links = Object.values(record(answer.links)).map(record).map((link): Link => ({
    operationId: typeof link.operationId === 'string' ? link.operationId : undefined,
    operationRef: typeof link.operationRef === 'string' ? link.operationRef : undefined,
    parameters: Object.fromEntries(Object.entries(record(link.parameters)).filter((e): e is [string, string] => typeof e[1] === 'string')),
  }));
  return { status, schema: schema === undefined ? undefined : record(schema), otherMedia, location: headers.includes('location'), links };
}

/** The media type a JSON client sends and reads: `application/json`, or any `+json` one. */
function jsonMedia(content: Record<string, unknown>): Record<string, unknown> | undefined {
  const type = Object.keys(content).find((t) => /^application\/json\b/i.test(t)) ?? Object.keys(content).find((t) => /^application\/[^;]+\+json\b/i.test(t));
  return type === undefined ? undefined : record(content[type]);
}

/** The value of the first of a media type's named examples (`examples: { one: { value } }`). */
function firstExample(examples: unknown): unknown {
  const first = Object.values(record(examples))[0];
  return first === undefined ? undefined : record(first).value;
}

const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
