import { describeDuplicates, duplicateMembers } from '../../http/duplicate-members.js';
import { readJsonBody } from '../../http/json-body.js';
import { type HttpRequest, type HttpResponse, splitPath } from '../../http/message.js';
import type { Problem } from '../../http/problem.js';
import { type GraphError, graphError, graphErrorResponse } from './graph-error.js';

export { graphErrorResponse } from './graph-error.js';

/**
 * The parameters of one GraphQL-over-HTTP request, the same whichever encoding carried them. `query` is
 * absent only when `persistedHash` names a persisted query instead (APQ); the parser never lets both be
 * absent. Other members of `extensions` are read nowhere, so they are not kept.
 */
export interface GraphRequestParams {
  readonly query: string | undefined;
  readonly variables: Record<string, unknown> | undefined;
  readonly operationName: string | undefined;
  /** `extensions.persistedQuery.sha256Hash`: 64 lower-case hex digits. */
  readonly persistedHash: string | undefined;
}

export type GraphRequestRead =
  | { readonly ok: true; readonly params: GraphRequestParams }
  | { readonly ok: false; readonly response: HttpResponse };

/** The only members a request may have (GraphQL-over-HTTP: "all other property names are reserved"). */
export const graphRequestMembers = ['query', 'operationName', 'variables', 'extensions'] as const;
type Member = (typeof graphRequestMembers)[number];

export const allowedGraphMethods = ['GET', 'POST'] as const;

/** Apollo Server's wording for a request that names no document at all. */
export const missingQueryError: GraphError = graphError('BAD_REQUEST',
  'GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.');

const sha256HexPattern = /^[0-9a-f]{64}$/;

/**
 * Reads a GraphQL request from GET query parameters or a POST `application/json` body. A request that is not
 * well-formed is answered here, with an `errors`-only body and a 4xx status (400, or 405, 413, 415 where HTTP
 * has a more exact one); GraphQL-over-HTTP reserves 200 for well-formed requests. Whether the document parses,
 * validates or may run over GET is the executor's question, not this one's.
 */
export function readGraphRequest(req: HttpRequest): GraphRequestRead {
  try {
    if (req.method === 'GET') return { ok: true, params: checked(fromQueryString(req), 'query parameter') };
    if (req.method === 'POST') return { ok: true, params: checked(fromJsonBody(req), 'body member') };
    throw new Refusal(405, graphError('METHOD_NOT_ALLOWED', `GraphQL requests use GET or POST, not ${req.method}.`),
      { allow: allowedGraphMethods.join(', ') });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { ok: false, response: graphErrorResponse(error.status, [error.error], error.headers) };
  }
}

/**
 * The same parameters when they arrive another way, as a graphql-ws `subscribe` payload: the same members,
 * the same type checks, the same persisted-query extension, so a socket is not a looser door to the graph.
 */
export function readGraphParams(fields: Readonly<Record<string, unknown>>, where: string): { readonly ok: true; readonly params: GraphRequestParams } | { readonly ok: false; readonly error: GraphError } {
  try {
    return { ok: true, params: checked(fields, where) };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { ok: false, error: error.error };
  }
}

/** Raw values by member name, before the type checks both encodings share. */
type Fields = Partial<Record<Member, unknown>>;

/**
 * The longest GET URL read, in UTF-8 bytes: twice RFC 9110's recommended minimum of 8000 octets, room for a
 * registration GET of any document within the token limit, and a bound on the JSON `variables` parsed from a
 * URL like the 64 KiB one on a POST body.
 */
export const maxGraphUrlBytes = 16 * 1024;

function fromQueryString(req: HttpRequest): Fields {
  const urlBytes = Buffer.byteLength(req.path);
  if (urlBytes > maxGraphUrlBytes) {
    throw new Refusal(414, graphError('URI_TOO_LONG', `The URL is ${urlBytes} bytes; a GET carries at most ${maxGraphUrlBytes}. Send the document by POST, or register it and GET it by hash.`));
  }
  // A body on GET has no meaning (RFC 9110 §9.3.1) and a cache keys on the URL alone, so it is refused
  // rather than silently dropped.
  if (req.body !== undefined && req.body !== '') {
    throw badRequest('A GET request carries its GraphQL parameters in the URL query string; send no body.');
  }
  const given = new Map<Member, string>();
  // Every extra or repeated parameter would make another URL, and another cache entry, for the same
  // request: the persisted-query GET stays unique only if such URLs are refused.
  for (const [name, value] of new URLSearchParams(splitPath(req.path).query)) {
    if (!isMember(name)) throw badRequest(`Unknown query parameter \`${name}\`: ${onlyMembers('parameters')}`);
    if (given.has(name)) throw badRequest(`The query parameter \`${name}\` appears more than once; send it once.`);
    given.set(name, value);
  }
  return {
    query: given.get('query'),
    operationName: given.get('operationName'),
    variables: jsonParameter('variables', given.get('variables')),
    extensions: jsonParameter('extensions', given.get('extensions')),
  };
}

function jsonParameter(name: Member, text: string | undefined): unknown {
  // An empty value is an omitted one, as for `operationName` (GraphQL-over-HTTP §GET) and in Apollo Server.
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(`The query parameter \`${name}\` is not valid JSON: ${(error as Error).message}`);
  }
  const duplicates = duplicateMembers(text, value);
  if (duplicates.length > 0) throw badRequest(`The query parameter \`${name}\`: ${describeDuplicates(duplicates)}`);
  return value;
}

function fromJsonBody(req: HttpRequest): Fields {
  if (splitPath(req.path).query !== '') {
    throw badRequest('A POST request carries its GraphQL parameters in the JSON body; the URL must have no query string.');
  }
  const label = mediaTypeProblem(req.headers['content-type']);
  if (label !== undefined) throw new Refusal(415, graphError('UNSUPPORTED_MEDIA_TYPE', label));
  const body = readJsonBody(req);
  if (!body.ok) throw fromProblem(body.problem);
  const value = body.value;
  if (!isJsonObject(value)) {
    throw badRequest(`The body must be a JSON object with ${membersList()}; got ${kindOf(value)}` +
      (Array.isArray(value) ? ' (batched requests are not supported).' : '.'));
  }
  const unknown = Object.keys(value).filter((name) => !isMember(name));
  if (unknown.length > 0) {
    throw badRequest(`Unknown body member${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `\`${n}\``).join(', ')}: ` +
      onlyMembers('members'));
  }
  return value;
}

/** GraphQL-over-HTTP: a POST must say what its body is (SHOULD reject otherwise), and `application/json` is UTF-8. */
function mediaTypeProblem(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return 'A POST request needs `Content-Type: application/json`; none was sent.';
  // What nearly every client sends: no need to split it into parameters and lower-case each.
  if (contentType === 'application/json') return undefined;
  const [type = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return `The body is labelled ${contentType}; send application/json.`;
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/^"(.*)"$/, '$1');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return `The body is labelled charset=${charset}; GraphQL requests are UTF-8.`;
  }
  return undefined;
}

/** The type checks both encodings share. `null` is an omitted parameter (GraphQL-over-HTTP §Request Parameters). */
function checked(fields: Fields, where: string): GraphRequestParams {
  const query = optionalString(fields.query, 'query', where);
  const operationName = optionalString(fields.operationName, 'operationName', where);
  const variables = optionalObject(fields.variables, 'variables', where);
  const persistedHash = persistedQueryHash(optionalObject(fields.extensions, 'extensions', where));
  if (query === undefined && persistedHash === undefined) throw new Refusal(400, missingQueryError);
  return { query, variables, operationName, persistedHash };
}

/**
 * '' counts as omitted: GraphQL-over-HTTP says so of `operationName` over GET, and an empty document names
 * nothing (Apollo Server refuses it as missing). Both encodings apply it, so they read one request alike.
 */
function optionalString(value: unknown, name: Member, where: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  throw badRequest(`The ${where} \`${name}\` must be a string or null; got ${kindOf(value)}.`);
}

function optionalObject(value: unknown, name: Member, where: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (isJsonObject(value)) return value;
  throw badRequest(`The ${where} \`${name}\` must be an object or null` +
    (typeof value === 'string' ? ', not a JSON-encoded string.' : `; got ${kindOf(value)}.`));
}

/** Apollo's APQ extension: `{"persistedQuery":{"version":1,"sha256Hash":"<hex>"}}`; other members are ignored. */
function persistedQueryHash(extensions: Record<string, unknown> | undefined): string | undefined {
  const persisted = extensions?.persistedQuery;
  if (persisted === undefined || persisted === null) return undefined;
  if (!isJsonObject(persisted)) {
    throw badRequest(`\`extensions.persistedQuery\` must be an object or null; got ${kindOf(persisted)}.`);
  }
  if (persisted.version !== 1) throw badRequest('Unsupported persisted query version');
  const hash = persisted.sha256Hash;
  // Lower case only: sha256Hex writes lower case, and one spelling per query keeps its GET URL unique.
  if (typeof hash !== 'string' || !sha256HexPattern.test(hash)) {
    throw badRequest('`extensions.persistedQuery.sha256Hash` must be the SHA-256 of the query as 64 lower-case hex digits.');
  }
  return hash;
}

/** readJsonBody speaks RFC 9457; a GraphQL client reads `errors`, so its verdict is carried over with its members. */
function fromProblem(p: Problem): Refusal {
  const extensions = Object.fromEntries(Object.entries(p).filter(([name]) => !problemCore.has(name)));
  const code = p.status === 413 ? 'BODY_TOO_LARGE' : p.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
  return new Refusal(p.status, graphError(code, p.detail, extensions));
}

const problemCore = new Set(['type', 'title', 'status', 'detail']);

/** Thrown by the checks so that each reads as a straight line; never escapes readGraphRequest. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: GraphError,
    readonly headers?: Record<string, string>,
  ) {
    super(error.message);
  }
}

function badRequest(message: string): Refusal {
  return new Refusal(400, graphError('BAD_REQUEST', message));
}

function isMember(name: string): name is Member {
  return (graphRequestMembers as readonly string[]).includes(name);
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function membersList(): string {
  return graphRequestMembers.map((m) => `\`${m}\``).join(', ');
}

function onlyMembers(noun: string): string {
  return `a GraphQL request has only the ${noun} ${membersList()}.`;
}
